-- the procedure was performed in some admission of that type (vacuous when it was never performed)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p
                   WHERE p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
               WHERE p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}}
                 AND a.admission_type = {{admission_type}}) AS holds
