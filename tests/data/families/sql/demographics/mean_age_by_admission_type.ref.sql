SELECT AVG(p.anchor_age) AS mean_age
FROM mimiciv_hosp.patients p
WHERE p.subject_id IN (
    SELECT a.subject_id FROM mimiciv_hosp.admissions a
    WHERE a.admission_type = {{admission_type}} AND EXTRACT(YEAR FROM a.admittime) = {{year}}
)
