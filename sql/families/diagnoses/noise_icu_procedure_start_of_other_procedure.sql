-- Query noise: the stated start is the first start of ANOTHER timed procedure of this stay — a real time of the
-- record, but no run of this procedure began then
SELECT MIN(i.starttime) AS start_time
FROM mimiciv_icu.procedureevents i
WHERE i.stay_id = {{stay_id}} AND i.itemid <> {{itemid}} AND i.endtime > i.starttime
GROUP BY i.itemid
HAVING MIN(i.starttime) <> {{start_time}}
