-- Reading: a temperature asked in one unit is answerable from the other unit's charting (°C ↔ °F convert), so a
-- twin asking for the uncharted temperature unit is answerable whenever the other unit was charted in the stay (the
-- patient's stay that began on the stated day)
SELECT c.valuenum, c.charttime
FROM mimiciv_icu.icustays s
JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
WHERE s.subject_id = {{subject_id}} AND CAST(s.intime AS DATE) = {{stay_date}}
  AND {{itemid}} IN (223761, 223762) AND c.itemid IN (223761, 223762) AND c.valuenum IS NOT NULL
