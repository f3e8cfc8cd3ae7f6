-- Record noise: another patient, who has several admissions and no recorded death (none in hospital, no date of
-- death), named with one of their own admissions: the admission exists but the death the question presupposes does
-- not. (A twin that keeps the patient and names another admission is answered by the patient's one death; without
-- the patient and the date the question matches every death in the record.) A slice of the candidates, chosen by the
-- Clean admission's id, keeps the candidate list short.
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
WHERE a.subject_id <> {{subject_id}} AND pt.dod IS NULL AND a.hadm_id % 97 = {{hadm_id}} % 97
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions d
                  WHERE d.subject_id = a.subject_id AND d.deathtime IS NOT NULL)
  AND (SELECT COUNT(*) FROM mimiciv_hosp.admissions o WHERE o.subject_id = a.subject_id) >= 2
