-- The cells of pop_mean_age_by_dx_insurance (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis,
-- insurance) with ≥ 5 admissions having both (a cohort mean over a handful does not discriminate; or 0.125 % of all
-- admissions in an EHR under 4,000 admissions such as the test EHRs). Ends with CTEs rg_have and rg_cell, closed.
WITH g AS (
  SELECT x.icd_code, x.icd_version, a.insurance, COUNT(DISTINCT a.hadm_id) AS n
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE a.insurance IS NOT NULL
  GROUP BY x.icd_code, x.icd_version, a.insurance
), rg_have AS (
  SELECT CAST(g.icd_version AS VARCHAR) || ':' || TRIM(g.icd_code) AS rg_d, g.insurance AS rg_s FROM g
), rg_cell AS (
  SELECT CAST(g.icd_version AS VARCHAR) || ':' || TRIM(g.icd_code) AS rg_d, g.insurance AS rg_s FROM g
  WHERE g.n >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
)
