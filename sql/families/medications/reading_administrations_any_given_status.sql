-- Reading: "administrations" counted over every eMAR status that means the dose was given (Administered and
-- Delayed Administered); a Clean count ships only when it is the same under this reading
SELECT COUNT(*) AS n_administrations
FROM mimiciv_hosp.emar e
JOIN mimiciv_hosp.admissions a ON a.hadm_id = e.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND e.medication = {{drug}} AND e.event_txt IN ('Administered', 'Delayed Administered')
HAVING COUNT(*) > 0
