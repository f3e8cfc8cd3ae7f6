-- Reading (Noise only: the Clean wording says fractional days from the discharge time): calendar days from the
-- discharge date to the admission date
SELECT CAST(CAST(a.admittime AS DATE) - CAST(p.dischtime AS DATE) AS NUMERIC) AS days
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.admissions p ON p.subject_id = a.subject_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}} AND p.hadm_id = {{prior_hadm_id}}
  AND CAST(p.dischtime AS DATE) <= CAST(a.admittime AS DATE)
