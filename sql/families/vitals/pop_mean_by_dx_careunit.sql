SELECT ROUND(CAST(AVG(c.valuenum) AS NUMERIC), 1) AS mean_value, MIN(c.valueuom) AS valueuom
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
WHERE c.itemid = {{itemid}} AND c.valuenum IS NOT NULL AND s.first_careunit = {{careunit}}
  AND s.hadm_id IN (
    SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
    WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND t.long_title = {{icd_title}})
