-- (later admission, an earlier discharged admission of the same patient), where the later admission has ≥ 2 earlier
-- discharged admissions: each admission id then selects the interval (without the earlier one, or with the two
-- reversed, the question has several answers, so a twin naming another patient's or a later admission is not a
-- restatement a reader can correct)
SELECT a.subject_id, a.hadm_id, p.hadm_id AS prior_hadm_id
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.admissions p ON p.subject_id = a.subject_id AND p.hadm_id <> a.hadm_id
 AND p.dischtime IS NOT NULL AND p.dischtime < a.admittime
WHERE (SELECT COUNT(*) FROM mimiciv_hosp.admissions e
       WHERE e.subject_id = a.subject_id AND e.dischtime IS NOT NULL AND e.dischtime < a.admittime) >= 2
ORDER BY (a.hadm_id * 31 + p.hadm_id) % 10007, a.hadm_id, p.hadm_id
LIMIT 20000
