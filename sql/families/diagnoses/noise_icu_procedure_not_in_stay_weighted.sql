-- Record noise: another ICU procedure with a duration that other stays had but this one never did, drawn in
-- proportion to how many stays had it (inverse CDF over the stay's hash), so Noise procedures follow the Clean
-- procedures' distribution (a uniform draw made the rarely charted non-invasive ventilation a wording tell)
--   weights  ICU stays per procedure item with a row lasting over an hour
--   valid    those this stay never had, with cumulative weights
WITH weights AS (
  SELECT e.itemid, COUNT(DISTINCT e.stay_id) AS w
  FROM mimiciv_icu.procedureevents e
  WHERE e.endtime > e.starttime + INTERVAL '1 hour'
  GROUP BY e.itemid
), valid AS (
  SELECT wt.itemid, d.label AS procedure_label, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.itemid) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  JOIN mimiciv_icu.d_items d ON d.itemid = wt.itemid
  WHERE wt.itemid <> {{itemid}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = wt.itemid)
)
SELECT v.itemid, v.procedure_label
FROM valid v
WHERE ({{stay_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{stay_id}} * 2654435761) % v.total < v.hi
