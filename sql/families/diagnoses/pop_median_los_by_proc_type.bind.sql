-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (procedure, admission type) with ≥ 20 discharged admissions (a median over a handful does not discriminate) of that
--   type in which it was performed; ≤ 2 types each
WITH g AS (
  SELECT p.icd_code, p.icd_version, a.admission_type
  FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
  WHERE a.dischtime IS NOT NULL
  GROUP BY p.icd_code, p.icd_version, a.admission_type
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
-- include: fragments/code_value_pick.sql cte=g value=admission_type mod=1201 titles=d_icd_procedures n=2
