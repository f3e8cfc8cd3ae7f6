-- Drop-one reading of the reversed twin (noise_readmission_reversed): without the order the question states, the two
-- admissions it names still name the Clean interval, read in their recorded order; a careful analyst answers it and
-- flags the reversal (reviews 7c 1e3204dbe3fa9888, 2b310c0c12170691; 7d 718893d1a872a821). Declared because both
-- ids are perturbed, and the generic drop-one would keep neither.
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (a.admittime - p.dischtime)) / 86400.0 AS NUMERIC), 1) AS days
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.admissions p ON p.subject_id = a.subject_id
WHERE a.subject_id = {{subject_id}} AND a.hadm_id IN ({{hadm_id}}, {{prior_hadm_id}})
  AND p.hadm_id IN ({{hadm_id}}, {{prior_hadm_id}}) AND p.hadm_id <> a.hadm_id
  AND p.dischtime < a.admittime
