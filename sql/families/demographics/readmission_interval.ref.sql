-- days (1 decimal) from discharge of the earlier admission to the start of the later one
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (a.admittime - p.dischtime)) / 86400.0 AS NUMERIC), 1) AS days
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.admissions p ON p.subject_id = a.subject_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}} AND p.hadm_id = {{prior_hadm_id}}
  AND p.dischtime < a.admittime
