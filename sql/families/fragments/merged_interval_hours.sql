-- Length in hours of one run of an ICU stay's timed rows (procedures, infusions): the item's rows merged where they
-- overlap or follow on within a gap of at most ${gap} minutes (the gaps-and-islands step of the MIMIC community's
-- ventilation and vasoactive-agent durations), the run that began at the stated time. Steps: stay, rows_, ordered, islands, merged
-- (each named in the including file's header); a whole query.
-- Holes: events (the mimiciv_icu table of timed rows), items (the predicate on its row i and d_items d naming the item;
-- TRUE in the drop-one reading of an item swap: each item's rows merge apart), hours (the answer column),
-- gap (the longest gap in minutes still counted as continuous, the rule the question states; 0: no gap), run (which
-- run: "m.island_start = {{start_time}}" in the references; its start day in their drop-one readings).
-- Included by diagnoses/icu_procedure_hours_merged.ref.sql, medications/infusion_hours_merged.ref.sql and their
-- drop_one_*_start_day.sql.
WITH stay AS (
  SELECT s.stay_id
  FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.subject_id = {{subject_id}}
), rows_ AS (
  SELECT i.itemid, i.starttime, i.endtime
  FROM mimiciv_icu.${events} i
  JOIN stay ON stay.stay_id = i.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE ${items} AND i.endtime > i.starttime
), ordered AS (
  SELECT r.itemid, r.starttime, r.endtime,
         MAX(r.endtime) OVER (PARTITION BY r.itemid ORDER BY r.starttime, r.endtime
                              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end
  FROM rows_ r
), islands AS (
  SELECT o.itemid, o.starttime, o.endtime,
         SUM(CASE WHEN o.prev_end IS NULL OR o.starttime > o.prev_end + ${gap} * INTERVAL '1 minute' THEN 1
                  ELSE 0 END)
           OVER (PARTITION BY o.itemid ORDER BY o.starttime, o.endtime ROWS UNBOUNDED PRECEDING) AS island
  FROM ordered o
), merged AS (
  SELECT i.itemid, i.island, MIN(i.starttime) AS island_start, MAX(i.endtime) AS island_end
  FROM islands i
  GROUP BY i.itemid, i.island
)
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (m.island_end - m.island_start)) / 3600.0 AS NUMERIC), 1) AS ${hours}
FROM merged m
WHERE ${run}
