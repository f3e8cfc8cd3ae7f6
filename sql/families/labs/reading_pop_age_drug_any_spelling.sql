-- Reading: the drug prescribed under any spelling sharing its first five letters (brand, generic, tall-man or
-- formulation variants), and the lab above the threshold in any unit; one age per admission
SELECT ROUND(CAST(AVG(pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) AS NUMERIC), 1) AS mean_age
FROM (
  SELECT DISTINCT p.hadm_id FROM mimiciv_hosp.prescriptions p
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
  WHERE LOWER(SUBSTRING(p.drug, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
    AND l.itemid = {{itemid}} AND l.valuenum > {{threshold}}
) coh
JOIN mimiciv_hosp.admissions a ON a.hadm_id = coh.hadm_id
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
