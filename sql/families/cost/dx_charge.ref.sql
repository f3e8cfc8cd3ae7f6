SELECT DISTINCT c.cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = c.hadm_id AND c.event_type = 'diagnoses_icd' AND c.event_id = x.seq_num
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
