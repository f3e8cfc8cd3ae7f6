-- charge of the stated diagnosis (named by its title and ICD version) in the admission the question names by the
-- patient and its start date
SELECT DISTINCT c.cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = c.hadm_id AND c.event_type = 'diagnoses_icd' AND c.event_id = x.seq_num
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND t.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
