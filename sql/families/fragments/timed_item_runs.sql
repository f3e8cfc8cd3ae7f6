-- The runs of each (ICU stay, item) of a table of timed rows: rows merged where they overlap or follow on within a
-- gap of at most ${gap} minutes, as fragments/merged_interval_hours.sql merges them; one row per run with its start
-- and the item's number of runs in the stay. Steps: rows_, ordered, runs (CTEs; the including file continues the
-- WITH with ", next AS (").
-- Holes: events (the mimiciv_icu table), items (a condition on the row i choosing the items, e.g. an IN list), gap
-- (minutes, as in fragments/merged_interval_hours.sql).
-- Included by medications/infusion.bind.sql, diagnoses/icu_procedure.bind.sql.
WITH rows_ AS (
  SELECT i.stay_id, i.itemid, i.starttime, i.endtime
  FROM mimiciv_icu.${events} i
  WHERE i.endtime > i.starttime AND ${items}
), ordered AS (
  SELECT r.stay_id, r.itemid, r.starttime,
         MAX(r.endtime) OVER (PARTITION BY r.stay_id, r.itemid ORDER BY r.starttime, r.endtime
                              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end
  FROM rows_ r
), runs AS (
  SELECT o.stay_id, o.itemid, o.starttime AS run_start, COUNT(*) OVER (PARTITION BY o.stay_id, o.itemid) AS n_runs
  FROM ordered o
  WHERE o.prev_end IS NULL OR o.starttime > o.prev_end + ${gap} * INTERVAL '1 minute'
)
