-- intent: cost; level: population
WITH tot AS (SELECT hadm_id, SUM(cost) AS total FROM mimiciv_derived.cost GROUP BY hadm_id)
SELECT ROUND(AVG(total)::numeric, 2) AS mean_total, MIN(total) AS min_total, MAX(total) AS max_total, COUNT(*) AS n
FROM tot WHERE hadm_id IN (
  SELECT hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code LIKE 'A41%' OR icd_code LIKE '038%' OR icd_code LIKE '99591%');
