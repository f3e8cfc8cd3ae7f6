-- Record noise: a medication this patient was given (eMAR) in another of their admissions, but never in this one
SELECT DISTINCT e.medication AS drug
FROM mimiciv_hosp.emar e
JOIN mimiciv_hosp.admissions a ON a.hadm_id = e.hadm_id
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}}
  AND e.event_txt = 'Administered' AND e.medication IS NOT NULL AND e.medication <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar x WHERE x.hadm_id = {{hadm_id}} AND x.medication = e.medication)
