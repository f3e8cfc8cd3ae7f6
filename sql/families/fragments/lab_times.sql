-- Each admission's times of each lab: how many numeric results then, their lowest and highest value, and the lab's
-- previous time (grouped and windowed in the (admission, lab, time) index's order). The lab's first time after a
-- moment t is the time after t whose previous time is not: a range join, where a RANK or a per-group minimum joined
-- back to the results sorted or hashed the whole table on PostgreSQL. A CTE body: `lab_times AS (` before the include,
-- `)` after. Included by labs/lab_after_infusion.bind.sql and labs/first_value_after_drug.bind.sql.
  SELECT t.hadm_id, t.itemid, t.charttime, t.n, t.lo, t.hi,
         LAG(t.charttime) OVER (PARTITION BY t.hadm_id, t.itemid ORDER BY t.charttime) AS prev_time
  FROM (SELECT l.hadm_id, l.itemid, l.charttime, COUNT(*) AS n, MIN(l.valuenum) AS lo, MAX(l.valuenum) AS hi
        FROM mimiciv_hosp.labevents l
        WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
        GROUP BY l.hadm_id, l.itemid, l.charttime) t
