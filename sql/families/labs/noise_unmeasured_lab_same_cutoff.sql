-- Record noise: a lab of the same fluid and category never measured in this admission, stated with its own unit and
-- the same standard cut-off as the Clean twin (k × its upper reference limit, k the Clean threshold's multiple of 1,
-- 1.5, 2 or 3), so the twins' cut-offs are spread like the Clean questions' (a swapped lab at 1 or 1.5 × only put
-- "1.5 ×" in twice as many twins as Clean questions and "3 ×" in none); match_clean keeps the pair to a lab and
-- cut-off Clean questions state
--   lim    per lab: its unit and upper reference limit (one unit, limit ≥ 0.1, as the binding)
--   clean  the Clean twin's cut-off multiple k
WITH lim AS (
  SELECT e.itemid, MIN(e.valueuom) AS unit, MIN(e.ref_range_upper) AS upper
  FROM mimiciv_hosp.labevents e
  WHERE e.valuenum IS NOT NULL AND e.valueuom IS NOT NULL AND e.ref_range_upper IS NOT NULL
  GROUP BY e.itemid HAVING MIN(e.valueuom) = MAX(e.valueuom) AND MIN(e.ref_range_upper) >= 0.1
), clean AS (
  SELECT k.k
  FROM lim CROSS JOIN (VALUES (1.0), (1.5), (2.0), (3.0)) AS k(k)
  WHERE lim.itemid = {{itemid}} AND CAST(ROUND(CAST(lim.upper * k.k AS NUMERIC), 1) AS DOUBLE PRECISION) = {{threshold}}
)
SELECT d.itemid,
-- include: fragments/lab_label.sql alias=d
  , x.unit,
       CAST(ROUND(CAST(x.upper * clean.k AS NUMERIC), 1) AS DOUBLE PRECISION) AS threshold
FROM mimiciv_hosp.d_labitems d
JOIN mimiciv_hosp.d_labitems d0 ON d0.itemid = {{itemid}} AND d0.category = d.category AND d0.fluid = d.fluid
JOIN lim x ON x.itemid = d.itemid
CROSS JOIN clean
WHERE d.itemid <> {{itemid}}
-- include: fragments/lab_named_once.sql kw=AND alias=d
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid)
