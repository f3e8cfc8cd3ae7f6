-- intent: demographics; level: patient
SELECT a.hadm_id, p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year AS age_at_admission
FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
WHERE a.subject_id = (SELECT MIN(subject_id) FROM mimiciv_hosp.admissions);
