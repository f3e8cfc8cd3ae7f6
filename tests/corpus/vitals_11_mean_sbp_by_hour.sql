-- intent: vitals; level: population
SELECT EXTRACT(HOUR FROM charttime) AS hour_of_day, ROUND(AVG(valuenum)::numeric, 1) AS mean_sbp, COUNT(*) AS n
FROM mimiciv_icu.chartevents WHERE itemid IN (220050, 220179) GROUP BY EXTRACT(HOUR FROM charttime);
