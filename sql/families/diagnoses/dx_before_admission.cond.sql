-- the diagnosis was coded in an admission of the patient that started before this one
-- (vacuous when the patient never had it coded)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                   WHERE x.subject_id = {{subject_id}} AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
               JOIN mimiciv_hosp.admissions e ON e.hadm_id = x.hadm_id
               JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
               WHERE x.subject_id = {{subject_id}} AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                 AND e.admittime < a.admittime) AS holds
