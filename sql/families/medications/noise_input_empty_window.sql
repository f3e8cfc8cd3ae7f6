-- Query noise: a shorter window of the Clean set (12/24 h) in which the item was not yet given (it was, later)
SELECT w.hours
FROM (VALUES (12), (24)) AS w(hours)
WHERE w.hours < {{hours}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
                  WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL
                    AND EXTRACT(EPOCH FROM (i.starttime - s.intime)) <= w.hours * 3600)
