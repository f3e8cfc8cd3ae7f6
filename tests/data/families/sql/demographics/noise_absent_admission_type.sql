SELECT t.admission_type
FROM (SELECT DISTINCT a.admission_type FROM mimiciv_hosp.admissions a) t
WHERE NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions a2
    WHERE a2.admission_type = t.admission_type AND EXTRACT(YEAR FROM a2.admittime) = {{year}}
)
