-- (cohort floor: 5 admissions, or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, drug) with ≥ 5 admissions coded with the diagnosis and prescribed the drug (a cohort mean over a handful
--   does not discriminate); ≤ 3 drugs per diagnosis
WITH dd AS (
  SELECT x.icd_code, x.icd_version, p.drug
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.prescriptions p ON p.hadm_id = x.hadm_id
  GROUP BY x.icd_code, x.icd_version, p.drug
  HAVING COUNT(DISTINCT x.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
-- include: fragments/code_value_pick.sql cte=dd value=drug mod=1103 titles=d_icd_diagnoses n=3
