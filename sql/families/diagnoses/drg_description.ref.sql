SELECT DISTINCT d.description, d.drg_code
FROM mimiciv_hosp.drgcodes d
JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND TRIM(d.drg_type) = {{drg_type}}
