-- Record noise: another admission of the same patient (with its own date) in which the stated procedure was not
-- coded: the patient, the code and its title are the Clean question's, only that admission's record lacks it
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id = {{subject_id}} AND o.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p
                  WHERE p.hadm_id = o.hadm_id AND p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}})
