SELECT DISTINCT c.valuenum, c.valueuom
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
WHERE s.stay_id = {{stay_id}} AND s.hadm_id = {{hadm_id}} AND s.subject_id = {{subject_id}}
  AND s.first_careunit = {{careunit}}
  AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
  AND c.charttime = (SELECT MIN(c2.charttime) FROM mimiciv_icu.chartevents c2
                     WHERE c2.stay_id = {{stay_id}} AND c2.itemid = {{itemid}} AND c2.valuenum IS NOT NULL)
