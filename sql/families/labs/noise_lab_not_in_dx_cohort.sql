-- Record noise: a real numeric lab, drawn in ≥ 5 % of all admissions, that nobody coded with the diagnosis had in that
-- admission. Clean questions name labs most cohorts have; the rarer labs (parathyroid hormone, thrombin: 1-3 % of
-- admissions) were absent from most cohorts and named almost only by twins (a tell: family AUROC 1.00 on a build of
-- the population-by-diagnosis families)
--   lab_items    numeric labs named unambiguously by label, fluid and category, with the label shown (reads no slot:
--                computed once per chunk of bindings)
--   cohort_labs  the labs measured in admissions coded with the diagnosis (one pass over those admissions' labs,
--                not one per candidate lab)
WITH lab_items AS (
  SELECT d.itemid,
-- include: fragments/lab_label.sql alias=d
  FROM mimiciv_hosp.d_labitems d
  WHERE d.label || '|' || d.fluid || '|' || d.category IN (
        SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
        GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
    AND (SELECT COUNT(DISTINCT e.hadm_id) FROM mimiciv_hosp.labevents e
         WHERE e.itemid = d.itemid AND e.valuenum IS NOT NULL) * 20 >= (SELECT COUNT(*) FROM mimiciv_hosp.admissions)
), cohort_labs AS (
  SELECT DISTINCT l.itemid
  FROM mimiciv_hosp.diagnoses_icd x
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = x.hadm_id
  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
)
SELECT li.itemid, li.lab_label
FROM lab_items li
WHERE NOT EXISTS (SELECT 1 FROM cohort_labs c WHERE c.itemid = li.itemid)
