SELECT ROUND(CAST(PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM (a.dischtime - a.admittime)) / 86400.0) AS NUMERIC), 2) AS median_los_days
FROM (
  SELECT DISTINCT x.hadm_id
  FROM mimiciv_hosp.procedures_icd x
  JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
) coh
JOIN mimiciv_hosp.admissions a ON a.hadm_id = coh.hadm_id
WHERE a.admission_type = {{admission_type}} AND a.dischtime IS NOT NULL
