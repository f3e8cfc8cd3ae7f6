-- Record noise: another patient, with several admissions, who died outside hospital (a date of death, no death in
-- any admission, no stay spanning the date), named with one of their own admissions: the admission exists but the
-- in-hospital death the question presupposes does not (the record holds only a date of death after discharge). A
-- slice of the candidates, chosen by the Clean admission's id, keeps the candidate list short.
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
WHERE a.subject_id <> {{subject_id}} AND pt.dod IS NOT NULL AND a.hadm_id % 7 = {{hadm_id}} % 7
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions d
                  WHERE d.subject_id = a.subject_id
                    AND (d.deathtime IS NOT NULL
                         OR pt.dod BETWEEN CAST(d.admittime AS DATE) AND CAST(d.dischtime AS DATE)))
  AND (SELECT COUNT(*) FROM mimiciv_hosp.admissions o WHERE o.subject_id = a.subject_id) >= 2
