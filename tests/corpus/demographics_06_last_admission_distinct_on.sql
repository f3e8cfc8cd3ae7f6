-- intent: demographics; level: population
SELECT DISTINCT ON (subject_id) subject_id, hadm_id, admittime
FROM mimiciv_hosp.admissions ORDER BY subject_id, admittime DESC, hadm_id DESC;
