-- Record noise: another admission of the same patient in which the stated diagnosis was not coded: the patient,
-- the code and its title are the Clean question's, the admission is stated by its own start date, and only that
-- admission's record shows the diagnosis is absent
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id = {{subject_id}} AND o.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                  WHERE x.hadm_id = o.hadm_id AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
