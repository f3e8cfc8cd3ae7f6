-- the stated cohort size is right (vacuous when the cohort is empty: that is cohort_exists's failure)
WITH group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}}))
), cohort AS (
  SELECT a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.insurance = {{insurance}}
)
SELECT COUNT(*) = 0 OR COUNT(*) = {{n_adm}} AS holds
FROM cohort
