-- Pooled mean of the vital over the cohort's ICU stays
--   coh  the ICU stays starting in the unit of admissions coded with the diagnosis (code, version and title)
WITH coh AS (
  SELECT DISTINCT s.stay_id
  FROM mimiciv_hosp.diagnoses_icd x
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
  JOIN mimiciv_icu.icustays s ON s.hadm_id = x.hadm_id
  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND t.long_title = {{icd_title}}
    AND s.first_careunit = {{careunit}}
)
SELECT ROUND(CAST(AVG(c.valuenum) AS NUMERIC), 1) AS mean_value, MIN(c.valueuom) AS valueuom
FROM coh
JOIN mimiciv_icu.chartevents c ON c.stay_id = coh.stay_id AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
