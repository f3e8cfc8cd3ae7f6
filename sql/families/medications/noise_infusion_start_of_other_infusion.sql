-- Query noise: the stated first start is the first start of ANOTHER continuous infusion of this stay — a real time
-- of the record, but not when this infusion began
SELECT MIN(i.starttime) AS start_time
FROM mimiciv_icu.inputevents i
WHERE i.stay_id = {{stay_id}} AND i.itemid <> {{itemid}} AND i.rate IS NOT NULL AND i.endtime > i.starttime
GROUP BY i.itemid
HAVING MIN(i.starttime) <> {{start_time}}
