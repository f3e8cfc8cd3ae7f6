SELECT MAX(c.valuenum) AS max_value, MIN(c.valueuom) AS valueuom
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
WHERE s.stay_id = {{stay_id}} AND s.hadm_id = {{hadm_id}} AND s.subject_id = {{subject_id}}
  AND s.first_careunit = {{careunit}}
  AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
  AND CAST(c.charttime AS DATE) = {{chart_date}}
