-- The cells of pop_mean_by_diagnosis (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis, numeric
-- lab in one unit, named unambiguously) measured in ≥ 5 admissions coded with the diagnosis (a mean over a handful does
-- not discriminate; or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs), ≤ 3 labs per
-- diagnosis (picked by a hash: every cell made the matching 20 s). A diagnosis lacks a lab when no admission coded with
-- it has a numeric result of it. Ends with CTEs adm_lab (each admission's numeric labs once, with their lowest and
-- highest unit: the diagnosis × lab join then carries one row per admission, diagnosis and lab, not one per result, and
-- its counts are a COUNT(*) and MIN/MAX, which PostgreSQL hashes where COUNT(DISTINCT) sorts the join, 25M rows at
-- 30,000 patients), rg_have and rg_cell, closed.
WITH coh AS (
  SELECT x.icd_code, x.icd_version, x.hadm_id
  FROM mimiciv_hosp.diagnoses_icd x GROUP BY x.icd_code, x.icd_version, x.hadm_id
), adm_lab AS (
  SELECT l.hadm_id, l.itemid, MIN(l.valueuom) AS unit_lo, MAX(l.valueuom) AS unit_hi
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), labs AS (  -- n_uom: the cohort's units of the lab, 0, 1 or 2 for two or more
  SELECT coh.icd_code, coh.icd_version, l.itemid,
         CASE WHEN MIN(l.unit_lo) IS NULL THEN 0 WHEN MIN(l.unit_lo) = MAX(l.unit_hi) THEN 1 ELSE 2 END AS n_uom,
         COUNT(*) AS n
  FROM coh JOIN adm_lab l ON l.hadm_id = coh.hadm_id
  GROUP BY coh.icd_code, coh.icd_version, l.itemid
), rg_have AS (
  SELECT CAST(labs.icd_version AS VARCHAR) || ':' || TRIM(labs.icd_code) AS rg_d, CAST(labs.itemid AS VARCHAR) AS rg_s
  FROM labs
), pick AS (
  SELECT labs.*, ROW_NUMBER() OVER (PARTITION BY labs.icd_code, labs.icd_version
                                    ORDER BY (labs.itemid * 7919 + LENGTH(labs.icd_code)) % 1039, labs.itemid) AS rn
  FROM labs JOIN mimiciv_hosp.d_labitems d ON d.itemid = labs.itemid
  WHERE labs.n_uom <= 1 AND labs.n >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
-- include: fragments/lab_named_once.sql kw=AND alias=d
), rg_cell AS (
  SELECT CAST(pick.icd_version AS VARCHAR) || ':' || TRIM(pick.icd_code) AS rg_d, CAST(pick.itemid AS VARCHAR) AS rg_s
  FROM pick WHERE pick.rn <= 3
)
