SELECT ROUND(CAST(PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM (a.dischtime - a.admittime)) / 86400.0) AS NUMERIC), 2) AS median_los_days
FROM mimiciv_hosp.admissions a
WHERE a.admission_type = {{admission_type}} AND a.dischtime IS NOT NULL
  AND a.hadm_id IN (
    SELECT p.hadm_id FROM mimiciv_hosp.procedures_icd p
    JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
    WHERE p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}} AND t.long_title = {{icd_title}})
