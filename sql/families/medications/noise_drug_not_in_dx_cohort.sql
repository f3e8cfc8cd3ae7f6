-- Query noise: a drug prescribed in the EHR, but never in an admission coded with the diagnosis
SELECT p.drug
FROM (SELECT DISTINCT q0.drug FROM mimiciv_hosp.prescriptions q0) p
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.prescriptions q ON q.hadm_id = x.hadm_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND q.drug = p.drug)
