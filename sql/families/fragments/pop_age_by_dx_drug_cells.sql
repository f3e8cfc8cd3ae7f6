-- The cells of pop_age_by_dx_drug (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis, drug) with
-- ≥ 5 admissions coded with the diagnosis and prescribed the drug (a cohort mean over a handful does not discriminate;
-- or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs), ≤ 3 drugs per diagnosis picked
-- by a hash. A diagnosis lacks a drug when no admission coded with it has a prescription of it. Ends with CTEs rg_have
-- and rg_cell, closed.
WITH dx_adm AS (
  SELECT DISTINCT x.hadm_id, x.icd_code, x.icd_version FROM mimiciv_hosp.diagnoses_icd x
), rx_adm AS (
  SELECT DISTINCT p.hadm_id, p.drug FROM mimiciv_hosp.prescriptions p
), dd AS (
  -- one row per (admission, diagnosis, drug), so a count: the join of every code with every order, sorted for
  -- COUNT(DISTINCT hadm_id), spilled to disk in PostgreSQL at 30,000 patients
  SELECT x.icd_code, x.icd_version, p.drug, COUNT(*) AS n
  FROM dx_adm x JOIN rx_adm p ON p.hadm_id = x.hadm_id
  GROUP BY x.icd_code, x.icd_version, p.drug
), pick AS (
  SELECT dd.*, ROW_NUMBER() OVER (PARTITION BY dd.icd_code, dd.icd_version
                                  ORDER BY (LENGTH(dd.drug) * 7919 + LENGTH(dd.icd_code)) % 1103, dd.drug) AS rn
  FROM dd WHERE dd.n >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
), rg_have AS (
  SELECT CAST(dd.icd_version AS VARCHAR) || ':' || TRIM(dd.icd_code) AS rg_d, dd.drug AS rg_s FROM dd
), rg_cell AS (
  SELECT CAST(p.icd_version AS VARCHAR) || ':' || TRIM(p.icd_code) AS rg_d, p.drug AS rg_s FROM pick p WHERE p.rn <= 3
)
