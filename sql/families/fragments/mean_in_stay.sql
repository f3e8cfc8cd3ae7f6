-- The mean of the vital over the patient's ICU stay picked by the predicate `stay` (one mean per stay).
-- Holes: stay (the predicate on icustays s that picks the stay: the reference, the day it began; the drop-one
-- reading of a twin that names another day of its record, the stay in progress that day).
SELECT ROUND(CAST(AVG(c.valuenum) AS NUMERIC), 1) AS mean_value, MIN(c.valueuom) AS valueuom
FROM mimiciv_icu.icustays s
JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
WHERE s.subject_id = {{subject_id}} AND ${stay}
  AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
GROUP BY s.stay_id
