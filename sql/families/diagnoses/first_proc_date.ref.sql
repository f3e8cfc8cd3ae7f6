SELECT MIN(p.chartdate) AS first_date
FROM mimiciv_hosp.procedures_icd p
JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND t.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
GROUP BY a.hadm_id
