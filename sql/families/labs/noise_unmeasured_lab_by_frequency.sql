-- Record noise: a real lab of the same fluid and category (named unambiguously by label, fluid and category) never
-- drawn in this admission (neither filed under it nor drawn, unfiled, during its stay), drawn three times with the
-- frequency of the lab across admissions (seeded by the admission and lab), so the twins' labs follow the Clean
-- questions' distribution: a uniform draw over the unmeasured labs named rare tests (amylase, thrombin time) in most
-- twins, a wording tell
--   named    every lab named unambiguously by label, fluid and category, with its display label and the
--            admissions in which it has a numeric result (slot-free: hoisted, computed once per chunk)
--   (then fragments/unmeasured_lab_draw.sql: the labs never drawn in this admission, three weighted draws)
WITH named AS (
  SELECT d.itemid, d.fluid, d.category, f.n,
-- include: fragments/lab_label.sql alias=d
  FROM mimiciv_hosp.d_labitems d
  JOIN (SELECT l0.itemid, COUNT(DISTINCT l0.hadm_id) AS n
        FROM mimiciv_hosp.labevents l0
        WHERE l0.valuenum IS NOT NULL AND l0.hadm_id IS NOT NULL
        GROUP BY l0.itemid) f ON f.itemid = d.itemid
-- include: fragments/unmeasured_lab_draw.sql
