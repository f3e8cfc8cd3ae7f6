-- The end of a Record-noise candidate naming a lab never drawn in the binding's admission, drawn by weight: continues
-- the CTE `named` after its FROM (a d_labitems row `d` joined to `f(itemid, n)`, the weight of each lab: how often
-- the family's Clean questions can name it) and ends the query.
--   named    (its end) only labs that label, fluid and category name unambiguously
--   allowed  the labs the twin may name: same fluid and category as {{itemid}}, never drawn in admission {{hadm_id}}
--            (neither filed under it nor drawn, unfiled, during its stay)
--   cum      cumulative weights, for three weighted draws seeded by the admission and lab
-- include: fragments/lab_named_once.sql kw=WHERE alias=d
), allowed AS (
  SELECT nm.itemid, nm.n, nm.lab_label
  FROM named nm
  JOIN mimiciv_hosp.d_labitems d0 ON d0.itemid = {{itemid}} AND d0.category = nm.category AND d0.fluid = nm.fluid
  WHERE nm.itemid <> {{itemid}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                    JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
                    WHERE l.subject_id = a.subject_id AND l.itemid = nm.itemid
                      AND (l.hadm_id = a.hadm_id
                           OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime)))
), cum AS (
  SELECT a.itemid, a.lab_label, a.n, SUM(a.n) OVER (ORDER BY a.itemid) AS hi, SUM(a.n) OVER () AS total
  FROM allowed a
)
SELECT c.itemid, c.lab_label
FROM cum c
CROSS JOIN (VALUES (1), (2), (3)) AS k(k)
WHERE (c.hi - c.n) * 10007 <= ((CAST({{hadm_id}} AS BIGINT) * 7919 + {{itemid}} * k.k * 131) % 10007) * c.total
  AND ((CAST({{hadm_id}} AS BIGINT) * 7919 + {{itemid}} * k.k * 131) % 10007) * c.total < c.hi * 10007
