-- intent: demographics; level: population
SELECT date_trunc('year', admittime) AS admit_year, insurance, COUNT(*) AS n
FROM mimiciv_hosp.admissions GROUP BY date_trunc('year', admittime), insurance;
