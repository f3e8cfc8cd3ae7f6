-- Record noise: a real lab of the same fluid and category (named unambiguously by label, fluid and category) never
-- drawn in this admission (neither filed under it nor drawn, unfiled, during its stay), drawn three times with the
-- frequency with which the family's Clean questions can name it: admissions whose first result of the lab comes
-- 2–48 h after the admission time, as the binding requires (seeded by the admission and lab). Weighting by every
-- admission with the lab (labs/noise_unmeasured_lab_by_frequency.sql) named labs drawn mostly on arrival (total
-- protein, CRP, NT-proBNP, ferritin) in 38 of 160 twins against 5 Clean questions, a wording tell
--   named    every lab named unambiguously by label, fluid and category, with its display label and the
--            admissions whose first numeric result of it is 2–48 h after admission (slot-free: hoisted)
--   allowed  the labs the twin may name: same fluid and category, never drawn in this admission
--   cum      cumulative weights, for the weighted draws
WITH named AS (
  SELECT d.itemid, d.fluid, d.category, f.n,
-- include: fragments/lab_label.sql alias=d
  FROM mimiciv_hosp.d_labitems d
  JOIN (SELECT l0.itemid, COUNT(*) AS n
        FROM (SELECT l1.hadm_id, l1.itemid, MIN(l1.charttime) AS t0
              FROM mimiciv_hosp.labevents l1
              WHERE l1.valuenum IS NOT NULL AND l1.hadm_id IS NOT NULL
              GROUP BY l1.hadm_id, l1.itemid) l0
        JOIN mimiciv_hosp.admissions a0 ON a0.hadm_id = l0.hadm_id
        WHERE l0.t0 >= a0.admittime + INTERVAL '2 hours' AND l0.t0 <= a0.admittime + INTERVAL '48 hours'
        GROUP BY l0.itemid) f ON f.itemid = d.itemid
  WHERE d.label || '|' || d.fluid || '|' || d.category IN (
        SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
        GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
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
