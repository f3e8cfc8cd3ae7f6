-- Record noise: another admission of the same patient (with its own date) that never passed through the care unit,
-- so the unit and the patient are the Clean question's and only the record of that admission tells them apart
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id = {{subject_id}} AND o.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers t WHERE t.hadm_id = o.hadm_id AND t.careunit = {{careunit}})
