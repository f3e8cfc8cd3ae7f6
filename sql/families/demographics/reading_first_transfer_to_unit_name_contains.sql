-- Reading: the stated unit as a family of units, any transfer unit whose name contains it ("Medicine" also
-- "Medicine/Cardiology", "Surgery" also "Surgery/Trauma"): a clinician asked when the patient first reached
-- Medicine counts the medicine unit of a speciality (review 6b: cd39d5c052753813), otherwise the reference.
SELECT MIN(t.intime) AS first_intime
FROM mimiciv_hosp.transfers t
JOIN mimiciv_hosp.admissions a ON a.hadm_id = t.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND STRPOS(t.careunit, {{careunit}}) > 0
GROUP BY a.hadm_id
