SELECT DISTINCT a.admission_type, CAST(EXTRACT(YEAR FROM a.admittime) AS INTEGER) AS year
FROM mimiciv_hosp.admissions a
