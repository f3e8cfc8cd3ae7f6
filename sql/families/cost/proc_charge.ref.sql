SELECT DISTINCT c.cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.procedures_icd p ON p.hadm_id = c.hadm_id AND c.event_type = 'procedures_icd' AND c.event_id = p.seq_num
JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
  AND p.chartdate = {{proc_date}}
