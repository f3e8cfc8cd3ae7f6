-- intent: demographics; level: population
SELECT ROUND(AVG(EXTRACT(EPOCH FROM dischtime - admittime) / 86400)::numeric, 2) AS mean_los_days
FROM mimiciv_hosp.admissions WHERE dischtime IS NOT NULL;
