-- Query noise: the two admissions in the other order: the stated "earlier" stay is the later one, so no discharge
-- of it precedes the stated readmission (both admissions are the patient's)
SELECT a.hadm_id AS prior_hadm_id, p.hadm_id AS hadm_id
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.admissions p ON p.hadm_id = {{prior_hadm_id}}
WHERE a.hadm_id = {{hadm_id}}
