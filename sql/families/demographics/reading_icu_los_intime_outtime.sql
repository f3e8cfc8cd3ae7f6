-- Reading: the ICU length of stay computed from the stay's ICU admission and discharge times (fractional days)
-- rather than the stored los column
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (s.outtime - s.intime)) / 86400.0 AS NUMERIC), 2) AS los_days
FROM mimiciv_icu.icustays s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND s.first_careunit = {{careunit}}
