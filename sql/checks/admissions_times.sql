-- birth <= admittime (age at admission 18..~100), admittime < dischtime, dates shifted into the 2100s, no admission
-- after an in-hospital death
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
WHERE a.dischtime IS NULL OR a.admittime >= a.dischtime
   OR EXTRACT(YEAR FROM a.admittime) < 2100 OR EXTRACT(YEAR FROM a.dischtime) > 2299
   OR p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year < 18
   OR p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year > 105
   OR EXISTS (SELECT 1 FROM mimiciv_hosp.admissions d
              WHERE d.subject_id = a.subject_id AND d.deathtime IS NOT NULL AND a.admittime > d.deathtime)
