-- When the highest value of the vital was charted in the patient's ICU stay picked by the predicate `stay` (the
-- maximum taken per stay; several times → several rows).
-- Holes: stay (the predicate on icustays s that picks the stay: the reference, the day it began; the drop-one
-- reading of a twin that names another day of its record, the stay in progress that day).
SELECT DISTINCT c.charttime
FROM mimiciv_icu.icustays s
JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
WHERE s.subject_id = {{subject_id}} AND ${stay}
  AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
  AND c.valuenum = (SELECT MAX(c2.valuenum) FROM mimiciv_icu.chartevents c2
                    WHERE c2.stay_id = s.stay_id AND c2.itemid = {{itemid}} AND c2.valuenum IS NOT NULL)
