-- Highest charted value of the vital over the cohort's ICU stays; no answer unless the cohort has the stated number
-- of stays.
--   coh  the ICU stays starting in the unit of patients of that age at admission
WITH coh AS (
  SELECT s.stay_id
  FROM mimiciv_icu.icustays s
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
  WHERE s.first_careunit = {{careunit}}
    AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}
)
SELECT MAX(c.valuenum) AS max_value, MIN(c.valueuom) AS valueuom
FROM coh
JOIN mimiciv_icu.chartevents c ON c.stay_id = coh.stay_id AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
WHERE (SELECT COUNT(*) FROM coh) = {{n_stays}}
