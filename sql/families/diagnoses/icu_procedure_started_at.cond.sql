-- the procedure first started in the stay at the stated time (vacuous when the stay never had it)
SELECT COALESCE(MIN(i.starttime) = {{start_time}}, TRUE) AS holds
FROM mimiciv_icu.procedureevents i
WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.endtime > i.starttime
