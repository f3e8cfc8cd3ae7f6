SELECT a.deathtime
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND a.deathtime IS NOT NULL
