SELECT l.charttime, l.valuenum AS stated_value
FROM mimiciv_hosp.labevents l
WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND l.charttime = (
    SELECT MAX(m.charttime) FROM mimiciv_hosp.labevents m
    WHERE m.hadm_id = {{hadm_id}} AND m.itemid = {{itemid}} AND m.valuenum IS NOT NULL
  )
