-- The cells of pop_mean_cost_by_dx_type (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis,
-- admission type) with ≥ 5 admissions of that type with cost rows coded with the diagnosis (a cohort mean over a
-- handful does not discriminate; or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs).
-- A diagnosis lacks a type when none of its admissions, with or without cost rows, is of it. Ends with CTEs rg_have and
-- rg_cell, closed.
WITH g AS (
  SELECT x.icd_code, x.icd_version, a.admission_type,
         COUNT(DISTINCT CASE WHEN EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = a.hadm_id)
                             THEN a.hadm_id END) AS n_cost
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  GROUP BY x.icd_code, x.icd_version, a.admission_type
), rg_have AS (
  SELECT CAST(g.icd_version AS VARCHAR) || ':' || TRIM(g.icd_code) AS rg_d, g.admission_type AS rg_s FROM g
), rg_cell AS (
  SELECT CAST(g.icd_version AS VARCHAR) || ':' || TRIM(g.icd_code) AS rg_d, g.admission_type AS rg_s FROM g
  WHERE g.n_cost >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
)
