SELECT MIN(c.charttime) AS first_time
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
WHERE s.stay_id = {{stay_id}} AND s.hadm_id = {{hadm_id}} AND s.subject_id = {{subject_id}}
  AND s.first_careunit = {{careunit}}
  AND c.itemid = {{itemid}} AND c.valuenum > {{threshold}}
