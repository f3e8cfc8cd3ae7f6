-- Record noise: a drug prescribed to other patients in the EHR but never in this admission
SELECT DISTINCT p.drug
FROM mimiciv_hosp.prescriptions p
WHERE p.drug <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.hadm_id = {{hadm_id}} AND q.drug = p.drug)
