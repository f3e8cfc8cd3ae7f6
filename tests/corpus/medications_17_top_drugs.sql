-- intent: medications; level: population
SELECT drug, COUNT(*) AS n FROM mimiciv_hosp.prescriptions GROUP BY drug ORDER BY n DESC, drug LIMIT 10;
