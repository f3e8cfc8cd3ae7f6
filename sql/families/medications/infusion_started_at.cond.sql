-- a run of the item (its rows merged where they overlap or follow on without a gap) began at the stated time: a
-- row starts then (vacuous when the stay never had the item). Its companion run_not_in_progress
-- says no earlier row was still running then, so a time inside a run breaks both and is no twin
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i
                   WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.endtime > i.starttime)
    OR EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i
               WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.endtime > i.starttime
                 AND i.starttime = {{start_time}}) AS holds
