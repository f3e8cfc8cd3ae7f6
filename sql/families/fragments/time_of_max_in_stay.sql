-- When the highest value of the vital was charted in the patient's ICU stay picked by the predicate `stay` (the
-- maximum taken per stay; several times → several rows).
-- Holes: stay (the predicate on icustays s that picks the stay: the reference, the day it began; the drop-one
-- reading of a twin that names another day of its record, the stay in progress that day).
-- The maximum is a window over the stay's rows of the vital: as a correlated MAX per row, PostgreSQL recomputed it for
-- every row of the stay, which the drop-one reading (every item of the stay) took 12 s a binding to do.
SELECT DISTINCT w.charttime
FROM (
  SELECT c.charttime, c.valuenum, MAX(c.valuenum) OVER (PARTITION BY c.stay_id) AS vmax
  FROM mimiciv_icu.icustays s
  JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
  WHERE s.subject_id = {{subject_id}} AND ${stay}
    AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
) w
WHERE w.valuenum = w.vmax
