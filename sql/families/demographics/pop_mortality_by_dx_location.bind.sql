-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, admission_location) with ≥ 20 admissions having both and ≥ 1 in-hospital death among them (a rate over
-- a handful of admissions, or one that is 0 for most cohorts, does not discriminate); ≤ 2 values per diagnosis
WITH g AS (
  SELECT x.icd_code, x.icd_version, a.admission_location
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE a.admission_location IS NOT NULL AND a.admission_location <> 'INFORMATION NOT AVAILABLE'
  GROUP BY x.icd_code, x.icd_version, a.admission_location
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
     AND COUNT(DISTINCT CASE WHEN a.hospital_expire_flag = 1 THEN a.hadm_id END) >= 1
-- include: fragments/code_value_pick.sql cte=g value=admission_location mod=1229 titles=d_icd_diagnoses n=2
