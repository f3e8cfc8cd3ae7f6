-- intent: demographics; level: population
SELECT gender, COUNT(*) AS n FROM mimiciv_hosp.patients GROUP BY gender;
