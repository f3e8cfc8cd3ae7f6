-- (cohort floor: 5 admissions, or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (procedure, admission type) with ≥ 5 discharged admissions (a median over a handful does not discriminate) of that
--   type in which it was performed; ≤ 2 types each (the floor was 20: 54 pairs, the commonest procedures only)
WITH g AS (
  SELECT p.icd_code, p.icd_version, a.admission_type
  FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
  WHERE a.dischtime IS NOT NULL
  GROUP BY p.icd_code, p.icd_version, a.admission_type
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
-- include: fragments/code_value_pick.sql cte=g value=admission_type mod=1201 titles=d_icd_procedures n=2
