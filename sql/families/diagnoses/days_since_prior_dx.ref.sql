-- days between the admission date of the earliest earlier admission coded with the diagnosis and this admission's date
SELECT CAST(a.admittime AS DATE) - CAST(MIN(e.admittime) AS DATE) AS days
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.admissions e ON e.subject_id = a.subject_id AND e.admittime < a.admittime
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = e.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
GROUP BY a.admittime
