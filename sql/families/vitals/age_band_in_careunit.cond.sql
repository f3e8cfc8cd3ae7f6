-- some ICU stay starting in the unit belongs to a patient of that age at admission
SELECT EXISTS (
  SELECT 1 FROM mimiciv_icu.icustays s
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
  WHERE s.first_careunit = {{careunit}}
    AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}) AS holds
