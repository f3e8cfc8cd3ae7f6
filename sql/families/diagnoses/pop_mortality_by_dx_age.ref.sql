-- percentage of those admissions that ended in in-hospital death
SELECT ROUND(CAST(100.0 * SUM(CASE WHEN a.hospital_expire_flag = 1 THEN 1 ELSE 0 END) / COUNT(*) AS NUMERIC), 1) AS pct_died
FROM (
  SELECT DISTINCT x.hadm_id
  FROM mimiciv_hosp.diagnoses_icd x
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
) coh
JOIN mimiciv_hosp.admissions a ON a.hadm_id = coh.hadm_id
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
WHERE pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}
HAVING COUNT(*) > 0
