SELECT ROUND(CAST(s.los AS NUMERIC), 2) AS los_days
FROM mimiciv_icu.icustays s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND s.first_careunit = {{careunit}}
