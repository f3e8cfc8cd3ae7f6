-- Query noise: a diagnosis the patient does have, but first coded in this admission or a later one
SELECT TRIM(x.icd_code) AS icd_code, MIN(t.long_title) AS icd_title
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.admissions e ON e.hadm_id = x.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
WHERE x.subject_id = {{subject_id}} AND x.icd_version = {{icd_version}}
GROUP BY x.icd_code
HAVING MIN(e.admittime) >= (SELECT a.admittime FROM mimiciv_hosp.admissions a WHERE a.hadm_id = {{hadm_id}})
