-- admissions ending in in-hospital death with a recorded time of death
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
WHERE a.deathtime IS NOT NULL
