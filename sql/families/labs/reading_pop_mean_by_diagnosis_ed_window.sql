-- Reading: an admission's results taken to include the emergency-department visit that led to it: the cohort
-- admissions' results plus their patients' unfiled ED draws (hadm_id NULL, charttime in [edregtime, admittime))
SELECT ROUND(CAST(AVG(l.valuenum) AS NUMERIC), 2) AS mean_value, MIN(l.valueuom) AS valueuom
FROM (
  SELECT DISTINCT x.hadm_id
  FROM mimiciv_hosp.diagnoses_icd x
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
) coh
JOIN mimiciv_hosp.admissions a ON a.hadm_id = coh.hadm_id
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
-- include: fragments/ed_window_lab.sql lab=l adm=a
