-- intent: diagnoses; level: population
SELECT COUNT(*) AS patients FROM (
  SELECT subject_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code LIKE 'E11%' OR icd_code LIKE '250%'
  INTERSECT
  SELECT subject_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code LIKE 'I50%' OR icd_code LIKE '428%') x;
