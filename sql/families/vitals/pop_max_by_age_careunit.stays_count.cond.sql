-- the stated number of ICU stays is right: stays starting in the unit of patients of that age at admission (vacuous
-- when there are none: that is age_band_in_careunit's failure)
SELECT COUNT(DISTINCT s.stay_id) = 0 OR COUNT(DISTINCT s.stay_id) = {{n_stays}} AS holds
FROM mimiciv_icu.icustays s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
WHERE s.first_careunit = {{careunit}}
  AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}
