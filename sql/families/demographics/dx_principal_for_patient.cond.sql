-- the diagnosis was the principal (seq_num 1) diagnosis of an admission of the patient
-- (vacuous when the patient never had it coded: that is dx_coded_for_patient's to break)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                   WHERE x.subject_id = {{subject_id}} AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
               WHERE x.subject_id = {{subject_id}} AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                 AND x.seq_num = 1) AS holds
