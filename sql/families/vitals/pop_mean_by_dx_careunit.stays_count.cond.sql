-- the stated number of ICU stays is right: stays starting in the unit of admissions coded with the diagnosis (vacuous
-- when there are none: that is diagnosis_coded's or cohort_in_careunit's failure)
SELECT COUNT(DISTINCT s.stay_id) = 0 OR COUNT(DISTINCT s.stay_id) = {{n_stays}} AS holds
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_icu.icustays s ON s.hadm_id = x.hadm_id
WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND s.first_careunit = {{careunit}}
