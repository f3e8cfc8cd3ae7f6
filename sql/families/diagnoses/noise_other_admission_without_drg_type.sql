-- Record noise: another admission of the same patient (with its own date) that was never grouped into a DRG of
-- the stated type: the patient and the DRG type are the Clean question's
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id = {{subject_id}} AND o.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.drgcodes d WHERE d.hadm_id = o.hadm_id AND TRIM(d.drg_type) = {{drg_type}})
