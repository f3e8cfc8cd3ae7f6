-- no run of the item was in progress at the stated time (no row of it started earlier and ended at or after it, or
-- within the 15 minutes before it, the gap the question counts as continuous):
-- the stated time is not inside a run, so a twin naming a time inside one (the run in progress then) fails here too
-- and is rejected. Vacuous when the stay never had the item.
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents i
                   WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.endtime > i.starttime
                     AND i.starttime < {{start_time}}
                     AND i.endtime >= {{start_time}} - 15 * INTERVAL '1 minute') AS holds
