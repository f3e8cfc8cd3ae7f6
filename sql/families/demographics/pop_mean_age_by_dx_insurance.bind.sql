-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, insurance) with ≥ 20 admissions having both (a cohort mean over a handful does not discriminate); ≤ 2
--   values per diagnosis
WITH g AS (
  SELECT x.icd_code, x.icd_version, a.insurance
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE a.insurance IS NOT NULL
  GROUP BY x.icd_code, x.icd_version, a.insurance
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
-- include: fragments/code_value_pick.sql cte=g value=insurance mod=1229 titles=d_icd_diagnoses n=2
