-- the "prior" admission ended before the later one began (vacuous unless both are the patient's admissions)
SELECT COALESCE((
  SELECT p.dischtime < a.admittime
  FROM mimiciv_hosp.admissions p JOIN mimiciv_hosp.admissions a ON a.subject_id = p.subject_id
  WHERE p.hadm_id = {{prior_hadm_id}} AND a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
), TRUE) AS holds
