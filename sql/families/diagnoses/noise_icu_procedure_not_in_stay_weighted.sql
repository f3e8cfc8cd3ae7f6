-- Record noise: another ICU procedure with a duration that other stays had but this one never did, drawn (inverse
-- CDF over the stay's hash) in proportion to how often the family's Clean questions name it: the stays with ≥ 2
-- runs of it (the binding's pool), divided by the share of ICU stays without it (a procedure is a candidate only
-- where the stay lacked it, so a rarely charted one is a candidate in most stays: weighted by stays alone, CRRT
-- and non-invasive ventilation were 95 of 300 twins against 13 of 300 Clean questions, a tell of the family's
-- question-only AUROC, 0.67-0.72). A stay that had every common procedure can only lack the rare ones, so the drawn
-- procedure is then kept in proportion to its pool against a third of the largest pool (a second hash): weighting
-- alone left CRRT in 113 of 184 twins against 16 of 300 Clean questions; the thinned pairs take a Value or Query twin
--   rows_, ordered, runs   each run of each procedure item (fragments/timed_item_runs.sql, as the binding merges)
--   pool       per item, the stays with ≥ 2 runs, and the stays with any row
--   weights    the two combined
--   valid      those this stay never had, with cumulative weights
-- include: fragments/timed_item_runs.sql events=procedureevents gap=15 \
--   items="i.itemid IN (SELECT r.itemid FROM mimiciv_icu.procedureevents r \
--   WHERE r.endtime > r.starttime + INTERVAL '1 hour')"
, pool AS (
  SELECT e.itemid, COUNT(DISTINCT CASE WHEN ru.n_runs >= 2 THEN ru.stay_id END) AS n_pool,
         COUNT(DISTINCT e.stay_id) AS n_with, (SELECT COUNT(*) FROM mimiciv_icu.icustays) AS n_stays
  FROM mimiciv_icu.procedureevents e
  LEFT JOIN runs ru ON ru.stay_id = e.stay_id AND ru.itemid = e.itemid
  WHERE e.itemid IN (SELECT r.itemid FROM mimiciv_icu.procedureevents r
                     WHERE r.endtime > r.starttime + INTERVAL '1 hour')
  GROUP BY e.itemid
), weights AS (
  SELECT p.itemid, CAST(p.n_pool * p.n_stays / (p.n_stays - p.n_with + 1) AS BIGINT) + 1 AS w, p.n_pool,
         MAX(p.n_pool) OVER () AS max_pool
  FROM pool p
), valid AS (
  SELECT wt.itemid, d.label AS procedure_label, wt.w, wt.n_pool, wt.max_pool,
         SUM(wt.w) OVER (ORDER BY wt.itemid) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  JOIN mimiciv_icu.d_items d ON d.itemid = wt.itemid
  WHERE wt.itemid <> {{itemid}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = wt.itemid)
)
SELECT v.itemid, v.procedure_label
FROM valid v
WHERE ({{stay_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{stay_id}} * 2654435761) % v.total < v.hi
  AND ((CAST({{stay_id}} AS BIGINT) * 40503 + v.itemid) % 997) * v.max_pool < v.n_pool * 997 * 3
