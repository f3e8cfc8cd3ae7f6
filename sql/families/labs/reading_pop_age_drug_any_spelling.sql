-- Reading: the drug prescribed under any spelling sharing its first five letters (brand, generic, tall-man or
-- formulation variants); one age per admission; a reader holds the cohort so read to the stated number of admissions
--   coh  the admissions so read
WITH coh AS (
  SELECT DISTINCT p.hadm_id FROM mimiciv_hosp.prescriptions p
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
  WHERE LOWER(SUBSTRING(p.drug, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
    AND l.itemid = {{itemid}} AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}}
)
SELECT ROUND(CAST(AVG(pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) AS NUMERIC), 1) AS mean_age
FROM coh
JOIN mimiciv_hosp.admissions a ON a.hadm_id = coh.hadm_id
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
WHERE (SELECT COUNT(*) FROM coh) = {{n_adm}}
