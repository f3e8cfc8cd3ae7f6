-- Record noise: a drug this patient was prescribed in another of their admissions, but never in this one
SELECT DISTINCT p.drug
FROM mimiciv_hosp.prescriptions p
WHERE p.subject_id = {{subject_id}} AND p.hadm_id <> {{hadm_id}} AND p.drug <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.hadm_id = {{hadm_id}} AND q.drug = p.drug)
