-- Record noise: a drug prescribed to other patients in the EHR but never in this admission
SELECT p.drug
FROM (SELECT DISTINCT q0.drug FROM mimiciv_hosp.prescriptions q0) p
WHERE p.drug <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.hadm_id = {{hadm_id}} AND q.drug = p.drug)
