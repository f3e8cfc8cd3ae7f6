-- (ICU stay, procedure with a duration of over an hour, one run of it) where the stay had ≥ 2 runs of the
-- procedure (rows merged where they overlap or follow on within 15 minutes): the run's start time is the handle that
-- selects it, so a twin stating another time names no run of the record (with one run, all 108 start-time shifts of
-- the family's first design were correctable). ≤ 2 runs per stay.
--   rows_, ordered, runs   each run of each procedure item (fragments/timed_item_runs.sql)
--   pick                   ≤ 2 runs per stay of items with a row over an hour, by a seeded hash, begun while another
--                          procedure of the stay was in place: the procedure then selects the run (without it, the
--                          stay's procedures merged have no run beginning at the stated time; a run that began
--                          alone was found by a twin naming a procedure the stay never had: 42 of 129 correctable)
-- include: fragments/timed_item_runs.sql events=procedureevents gap=15 \
--   items="i.itemid IN (SELECT r.itemid FROM mimiciv_icu.procedureevents r \
--   WHERE r.endtime > r.starttime + INTERVAL '1 hour')"
, pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.stay_id
                                 ORDER BY (u.itemid * 7919 + u.stay_id + CAST(EXTRACT(EPOCH FROM u.run_start) AS BIGINT)
                                     / 60) % 1097, u.itemid, u.run_start) AS rn
  FROM runs u
  WHERE u.n_runs >= 2
    AND EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents o
                WHERE o.stay_id = u.stay_id AND o.itemid <> u.itemid AND o.endtime > o.starttime
                  AND o.starttime < u.run_start AND o.endtime >= u.run_start - INTERVAL '15 minutes')
)
SELECT s.subject_id, s.hadm_id, s.stay_id, p.itemid, d.label AS procedure_label, p.run_start AS start_time
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2
