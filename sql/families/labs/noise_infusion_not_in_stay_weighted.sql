-- Record noise: another continuous infusion that this ICU stay never had, drawn in proportion to how many stays
-- started it after their first ICU input (inverse CDF over the stay's hash), as the family's Clean infusions are
-- (the binding keeps an infusion only when a result of the lab lies between the stay's first input and its start):
-- a uniform draw named vasopressors and paralytics, mostly a stay's first drip, in 10 times as many twins as Clean
-- questions, a tell. Only medications and fluids given as infusions (no oral intake, free water or "Solution").
--   first_any  each stay's first ICU input of any item
--   weights    stays per infusion item first started after the stay's first input
--   valid      those this stay never had, with cumulative weights
WITH first_any AS (
  SELECT i.stay_id, MIN(i.starttime) AS t_any FROM mimiciv_icu.inputevents i GROUP BY i.stay_id
), weights AS (
  SELECT f.itemid, COUNT(*) AS w
  FROM (SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start
        FROM mimiciv_icu.inputevents i
        WHERE i.rate IS NOT NULL AND i.itemid NOT IN (
          -- include: fragments/not_given_iv_items.sql
        )
        GROUP BY i.stay_id, i.itemid) f
  JOIN first_any fa ON fa.stay_id = f.stay_id
  WHERE f.first_start > fa.t_any
  GROUP BY f.itemid
), valid AS (
  SELECT wt.itemid, d.label AS input_label, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.itemid) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  JOIN mimiciv_icu.d_items d ON d.itemid = wt.itemid
  WHERE wt.itemid <> {{itemid}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = wt.itemid)
    AND NOT
    -- include: fragments/input_given_elsewhere_in_stay.sql item=wt.itemid stay={{stay_id}}
)
SELECT v.itemid, v.input_label
FROM valid v
WHERE ({{stay_id}} * 2654435761 + {{lab_itemid}}) % v.total >= v.hi - v.w
  AND ({{stay_id}} * 2654435761 + {{lab_itemid}}) % v.total < v.hi
