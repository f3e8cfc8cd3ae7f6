-- title of the principal (seq_num 1) diagnosis of the admission the question names by the patient and its start
-- date, in which the stated diagnosis (named by its title and ICD version) was coded
SELECT DISTINCT t1.long_title AS principal_title
FROM mimiciv_hosp.diagnoses_icd x1
JOIN mimiciv_hosp.d_icd_diagnoses t1 ON t1.icd_code = x1.icd_code AND t1.icd_version = x1.icd_version
JOIN mimiciv_hosp.admissions a ON a.hadm_id = x1.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}} AND x1.seq_num = 1
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
              JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
              WHERE x.hadm_id = a.hadm_id AND t.icd_version = {{icd_version}} AND t.long_title = {{icd_title}})
