-- the vital was charted in some stay of the cohort (vacuous when the cohort is empty)
SELECT NOT EXISTS (
         SELECT 1 FROM mimiciv_icu.icustays s
         JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
         JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
         WHERE s.first_careunit = {{careunit}}
           AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}})
    OR EXISTS (
         SELECT 1 FROM mimiciv_icu.icustays s
         JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
         JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
         JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
         WHERE s.first_careunit = {{careunit}}
           AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}
           AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL) AS holds
