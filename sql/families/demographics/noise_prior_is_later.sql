-- Query noise: an admission of the same patient that starts after this one (so it cannot be the earlier stay)
SELECT o.hadm_id AS prior_hadm_id
FROM mimiciv_hosp.admissions o
JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
WHERE o.subject_id = {{subject_id}} AND o.hadm_id <> {{hadm_id}} AND o.admittime > a.admittime
