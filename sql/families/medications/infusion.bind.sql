-- (ICU stay, continuous infusion item, one run of it) where the stay had ≥ 2 runs of the item (rows merged where
-- they overlap or follow on without a gap): the run's start time is the handle that selects it, so a twin stating
-- another time names no run of the record (with one run, "the run that began at T" is answered by the only run
-- whatever T says: all 106 start-time shifts of the family's first design were correctable). ≤ 2 runs per stay.
-- Only medications and fluids given as infusions (no oral intake, free water or "Solution": 50 of 300 Clean
-- questions were these).
--   rows_, ordered, runs   each run of each item with rate-charted rows (fragments/timed_item_runs.sql)
--   pick                   ≤ 2 runs per stay, by a seeded hash
-- include: fragments/timed_item_runs.sql events=inputevents \
--   items="i.itemid IN (SELECT r.itemid FROM mimiciv_icu.inputevents r WHERE r.rate IS NOT NULL)"
, pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.stay_id
                                 ORDER BY (u.itemid * 7919 + u.stay_id + CAST(EXTRACT(EPOCH FROM u.run_start) AS BIGINT)
                                     / 60) % 1097, u.itemid, u.run_start) AS rn
  FROM runs u
  WHERE u.n_runs >= 2 AND u.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
)
SELECT s.subject_id, s.hadm_id, s.stay_id, p.itemid, d.label AS input_label, p.run_start AS start_time
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2
