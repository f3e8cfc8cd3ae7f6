-- some admission of the patient coded with the group had an ICU stay (vacuous when the patient never had the group)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                   WHERE d.subject_id = {{subject_id}}
                     AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})))
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_icu.icustays s ON s.hadm_id = d.hadm_id
               WHERE d.subject_id = {{subject_id}}
                 AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}}))) AS holds
