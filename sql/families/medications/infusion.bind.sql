-- (ICU stay, continuous infusion item, one run of it) where the stay had ≥ 2 runs of the item (rows merged where
-- they overlap or follow on without a gap): the run's start time is the handle that selects it, so a twin stating
-- another time names no run of the record (with one run, "the run that began at T" is answered by the only run
-- whatever T says: all 106 start-time shifts of the family's first design were correctable). ≤ 2 runs per stay.
-- Only medications and fluids given as infusions (no oral intake, free water or "Solution": 50 of 300 Clean
-- questions were these).
--   rows_, ordered, runs   each run of each item with rate-charted rows (fragments/timed_item_runs.sql)
--   nxt, lens              each run's length in hours (its rows up to the next run's start), as the reference rounds it
--   varied                 runs of items whose runs in the stay do not all last as long as this one: the start time
--                          then selects the answer (when every run lasts 1.0 h, as intermittent doses charted with a
--                          rate do, a twin's wrong start time is answered by any run: 39 of 162 shifted times and 17
--                          of 65 other infusions' starts were correctable)
--   pick                   ≤ 2 runs per stay, by a seeded hash
-- include: fragments/timed_item_runs.sql events=inputevents gap=0 \
--   items="i.itemid IN (SELECT r.itemid FROM mimiciv_icu.inputevents r WHERE r.rate IS NOT NULL)"
, nxt AS (
  SELECT u.*, LEAD(u.run_start) OVER (PARTITION BY u.stay_id, u.itemid ORDER BY u.run_start) AS next_start
  FROM runs u
), lens AS (
  SELECT n.stay_id, n.itemid, n.run_start, n.n_runs,
         ROUND(CAST(EXTRACT(EPOCH FROM (MAX(r.endtime) - n.run_start)) / 3600.0 AS NUMERIC), 1) AS run_hours
  FROM nxt n
  JOIN rows_ r ON r.stay_id = n.stay_id AND r.itemid = n.itemid AND r.starttime >= n.run_start
   AND (n.next_start IS NULL OR r.starttime < n.next_start)
  GROUP BY n.stay_id, n.itemid, n.run_start, n.n_runs
), varied AS (
  SELECT l.stay_id, l.itemid, l.run_start, l.n_runs
  FROM lens l
  WHERE EXISTS (SELECT 1 FROM lens o WHERE o.stay_id = l.stay_id AND o.itemid = l.itemid AND o.run_hours <> l.run_hours)
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.stay_id
                                 ORDER BY (u.itemid * 7919 + u.stay_id + CAST(EXTRACT(EPOCH FROM u.run_start) AS BIGINT)
                                     / 60) % 1097, u.itemid, u.run_start) AS rn
  FROM varied u
  WHERE u.n_runs >= 2 AND u.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
)
SELECT s.subject_id, s.hadm_id, s.stay_id, p.itemid, d.label AS input_label, p.run_start AS start_time
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2
