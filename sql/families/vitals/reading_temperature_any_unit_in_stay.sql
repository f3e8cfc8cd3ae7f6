-- Reading: a temperature asked in one unit is answerable from the other unit's charting (°C ↔ °F convert), so a
-- twin asking for the uncharted temperature unit is answerable whenever the other unit was charted in the stay
SELECT c.valuenum, c.charttime
FROM mimiciv_icu.chartevents c
WHERE c.stay_id = {{stay_id}} AND {{itemid}} IN (223761, 223762) AND c.itemid IN (223761, 223762)
  AND c.valuenum IS NOT NULL
