-- (later admission, an earlier discharged admission of the same patient)
SELECT a.subject_id, a.hadm_id, p.hadm_id AS prior_hadm_id
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.admissions p ON p.subject_id = a.subject_id AND p.hadm_id <> a.hadm_id
 AND p.dischtime IS NOT NULL AND p.dischtime < a.admittime
ORDER BY (a.hadm_id * 31 + p.hadm_id) % 10007, a.hadm_id, p.hadm_id
LIMIT 20000
