-- Query noise: the next shorter window of the Clean set (4/6/12 h) than the question's, in which the item was not yet
-- given (it was, later); the next shorter one only, so the Noise windows follow the Clean ones a step down instead
-- of piling up at the shortest
SELECT x.hours
FROM (SELECT MAX(w.hours) AS hours FROM (VALUES (4), (6), (12)) AS w(hours) WHERE w.hours < {{hours}}) x
WHERE x.hours IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
                  WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL
                    AND EXTRACT(EPOCH FROM (i.starttime - s.intime)) <= x.hours * 3600)
