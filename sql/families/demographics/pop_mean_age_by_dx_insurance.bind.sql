-- (cohort floor: 5 admissions, or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, insurance) with ≥ 5 admissions having both (a cohort mean over a handful does not discriminate); ≤ 2
--   values per diagnosis. The floor was 20: Clean questions then named Other insurance 9 times in 184 cells and No
--   charge never, while those are the payers a cohort lacks (the value twins')
WITH g AS (
  SELECT x.icd_code, x.icd_version, a.insurance
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE a.insurance IS NOT NULL
  GROUP BY x.icd_code, x.icd_version, a.insurance
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
-- include: fragments/code_value_pick.sql cte=g value=insurance mod=1229 titles=d_icd_diagnoses n=2
