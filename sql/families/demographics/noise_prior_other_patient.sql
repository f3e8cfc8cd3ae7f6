-- Record noise: the admission ids nearest to the stated one that belong to other patients
SELECT o.hadm_id AS prior_hadm_id
FROM mimiciv_hosp.admissions o
WHERE o.subject_id <> {{subject_id}}
ORDER BY ABS(o.hadm_id - {{prior_hadm_id}}), o.hadm_id
LIMIT 5
