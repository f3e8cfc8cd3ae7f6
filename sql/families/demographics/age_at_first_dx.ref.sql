-- age at admission (anchor_age + admission year − anchor_year) of the first admission whose principal (seq_num 1)
-- diagnosis was the stated one (named by its title and ICD version; the code is the title's)
SELECT pt.anchor_age + CAST(EXTRACT(YEAR FROM MIN(a.admittime)) AS INTEGER) - pt.anchor_year AS age
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = a.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
WHERE a.subject_id = {{subject_id}} AND x.seq_num = 1
  AND t.long_title = {{icd_title}} AND t.icd_version = {{icd_version}}
GROUP BY pt.anchor_age, pt.anchor_year
