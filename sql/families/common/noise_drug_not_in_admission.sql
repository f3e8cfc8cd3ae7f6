-- Record noise: a drug prescribed to other patients in the EHR but never in this admission
-- (drugs: a CTE with no slot, so a build computes it once, not once per query; pipeline/construction/constants.py)
WITH drugs AS (SELECT DISTINCT q0.drug FROM mimiciv_hosp.prescriptions q0)
SELECT p.drug
FROM drugs p
WHERE p.drug <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.hadm_id = {{hadm_id}} AND q.drug = p.drug)
