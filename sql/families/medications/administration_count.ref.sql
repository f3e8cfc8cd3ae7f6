-- number of eMAR administrations of the medication in the admission (presupposed ≥ 1: no row otherwise)
SELECT COUNT(*) AS n_administrations
FROM mimiciv_hosp.emar e
JOIN mimiciv_hosp.admissions a ON a.hadm_id = e.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND e.medication = {{drug}} AND e.event_txt = 'Administered'
HAVING COUNT(*) > 0
