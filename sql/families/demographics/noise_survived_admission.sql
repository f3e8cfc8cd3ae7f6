-- Record noise: another admission of the same patient, which they survived (with its own date)
SELECT a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}} AND a.deathtime IS NULL
