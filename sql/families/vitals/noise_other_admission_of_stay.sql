-- Query noise: another admission of the same patient, one that did not contain this ICU stay (the stay, the unit and
-- the vital are the Clean twin's; the stated admission exists too, but the stay was not part of it)
SELECT a.hadm_id
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays s WHERE s.stay_id = {{stay_id}} AND s.hadm_id = a.hadm_id)
