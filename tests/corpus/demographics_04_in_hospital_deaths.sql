-- intent: demographics; level: population
SELECT COUNT(DISTINCT subject_id) AS patients, COUNT(*) FILTER (WHERE deathtime IS NOT NULL) AS with_deathtime
FROM mimiciv_hosp.admissions WHERE hospital_expire_flag = 1;
