-- The cells of pop_mortality_by_dx_age (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis,
-- 10-year age band 20-80) with ≥ 3 admissions of patients that age coded with the diagnosis (or 0.25 % of all
-- admissions in an EHR under 4,000 admissions such as the test EHRs) and ≥ 1 in-hospital death among them (a rate over
-- a handful of admissions, or one that is 0 for most cohorts, does not discriminate). Ends with the CTEs rg_band
-- (admissions and deaths per diagnosis and band, every band), rg_have and rg_cell, closed.
WITH rg_band AS (
  SELECT x.icd_code, x.icd_version,
         CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 10.0) * 10 AS INTEGER)
             AS age_lo,
         COUNT(DISTINCT a.hadm_id) AS n,
         COUNT(DISTINCT CASE WHEN a.hospital_expire_flag = 1 THEN a.hadm_id END) AS n_died
  FROM mimiciv_hosp.diagnoses_icd x
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
  GROUP BY x.icd_code, x.icd_version,
           CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 10.0) * 10 AS INTEGER)
), rg_have AS (
  SELECT CAST(r.icd_version AS VARCHAR) || ':' || TRIM(r.icd_code) AS rg_d, CAST(r.age_lo AS VARCHAR) AS rg_s
  FROM rg_band r
), rg_cell AS (
  SELECT CAST(r.icd_version AS VARCHAR) || ':' || TRIM(r.icd_code) AS rg_d, CAST(r.age_lo AS VARCHAR) AS rg_s
  FROM rg_band r
  WHERE r.age_lo BETWEEN 20 AND 80 AND r.n_died >= 1
    AND r.n >= LEAST(3, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions))
)
