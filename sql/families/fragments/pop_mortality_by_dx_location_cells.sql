-- The cells of pop_mortality_by_dx_location (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis,
-- admission location) with ≥ 5 admissions having both (or 0.125 % of all admissions in an EHR under 4,000 admissions
-- such as the test EHRs) and ≥ 1 in-hospital death among them (a rate over a handful of admissions, or one that is 0
-- for most cohorts, does not discriminate; at 10 only 34 cells matched). Ends with CTEs rg_have and rg_cell, closed.
WITH dl AS (
  SELECT x.icd_code, x.icd_version, a.admission_location, COUNT(DISTINCT a.hadm_id) AS n,
         COUNT(DISTINCT CASE WHEN a.hospital_expire_flag = 1 THEN a.hadm_id END) AS n_died
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE a.admission_location IS NOT NULL AND a.admission_location <> 'INFORMATION NOT AVAILABLE'
  GROUP BY x.icd_code, x.icd_version, a.admission_location
), rg_have AS (
  SELECT CAST(dl.icd_version AS VARCHAR) || ':' || TRIM(dl.icd_code) AS rg_d, dl.admission_location AS rg_s FROM dl
), rg_cell AS (
  SELECT CAST(dl.icd_version AS VARCHAR) || ':' || TRIM(dl.icd_code) AS rg_d, dl.admission_location AS rg_s FROM dl
  WHERE dl.n >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions)) AND dl.n_died >= 1
)
