-- intent: demographics; level: population
SELECT (anchor_age / 10) * 10 AS decade, COUNT(*) AS n, SUM(anchor_age) / COUNT(*) AS int_mean_age
FROM mimiciv_hosp.patients GROUP BY (anchor_age / 10) * 10;
