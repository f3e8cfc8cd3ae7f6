-- the infusion was first started in the stay at the stated time (vacuous when it was never given there)
SELECT COALESCE(MIN(i.starttime) = {{start_time}}, TRUE) AS holds
FROM mimiciv_icu.inputevents i
WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.endtime > i.starttime
