-- intent: demographics; level: population
SELECT subject_id, hadm_id,
       EXTRACT(EPOCH FROM admittime - LAG(dischtime) OVER (PARTITION BY subject_id ORDER BY admittime, hadm_id)) / 3600
         AS hours_since_previous
FROM mimiciv_hosp.admissions;
