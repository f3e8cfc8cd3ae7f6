-- The cells of pop_median_los_by_proc_type (matched for swaps by fragments/cross_pairs.sql): a cell is a (procedure,
-- admission type) with ≥ 5 discharged admissions of that type in which it was performed (a median over a handful does
-- not discriminate; or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs). A procedure
-- lacks a type when no admission of that type has it. Ends with CTEs rg_have and rg_cell, closed.
WITH g AS (
  SELECT p.icd_code, p.icd_version, a.admission_type,
         COUNT(DISTINCT CASE WHEN a.dischtime IS NOT NULL THEN a.hadm_id END) AS n
  FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
  GROUP BY p.icd_code, p.icd_version, a.admission_type
), rg_have AS (
  SELECT CAST(g.icd_version AS VARCHAR) || ':' || TRIM(g.icd_code) AS rg_d, g.admission_type AS rg_s FROM g
), rg_cell AS (
  SELECT CAST(g.icd_version AS VARCHAR) || ':' || TRIM(g.icd_code) AS rg_d, g.admission_type AS rg_s FROM g
  WHERE g.n >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
)
