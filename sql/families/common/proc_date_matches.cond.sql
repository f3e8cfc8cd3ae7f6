-- the procedure was performed on the stated date in the admission (vacuous when not coded in the admission)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p
                   WHERE p.hadm_id = {{hadm_id}} AND p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p
               WHERE p.hadm_id = {{hadm_id}} AND p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}}
                 AND p.chartdate = {{proc_date}}) AS holds
