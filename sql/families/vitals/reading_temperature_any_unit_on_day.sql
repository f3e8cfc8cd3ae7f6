-- Reading: a temperature asked in one unit is answerable from the other unit's charting on that day (°C ↔ °F)
SELECT c.valuenum, c.charttime
FROM mimiciv_icu.chartevents c
WHERE c.stay_id = {{stay_id}} AND {{itemid}} IN (223761, 223762) AND c.itemid IN (223761, 223762)
  AND c.valuenum IS NOT NULL AND CAST(c.charttime AS DATE) = {{chart_date}}
