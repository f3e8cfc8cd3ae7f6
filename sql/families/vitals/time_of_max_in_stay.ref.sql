-- when the highest value of the vital was charted (several times → several rows)
SELECT DISTINCT c.charttime
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.icustays s ON s.stay_id = c.stay_id
WHERE s.stay_id = {{stay_id}} AND s.hadm_id = {{hadm_id}} AND s.subject_id = {{subject_id}}
  AND s.first_careunit = {{careunit}}
  AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
  AND c.valuenum = (SELECT MAX(c2.valuenum) FROM mimiciv_icu.chartevents c2
                    WHERE c2.stay_id = {{stay_id}} AND c2.itemid = {{itemid}} AND c2.valuenum IS NOT NULL)
