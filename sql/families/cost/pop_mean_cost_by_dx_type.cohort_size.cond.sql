-- the stated number of admissions of that type coded with the diagnosis is right (vacuous when there are none: that
-- is cohort_has_admission_type's failure)
SELECT COUNT(DISTINCT x.hadm_id) = 0 OR COUNT(DISTINCT x.hadm_id) = {{n_adm}} AS holds
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND a.admission_type = {{admission_type}}
  AND EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = a.hadm_id)
