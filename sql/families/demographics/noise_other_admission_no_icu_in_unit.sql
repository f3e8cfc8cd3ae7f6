-- Record noise: another admission of the same patient (with its own date) that never entered the ICU unit (no ICU
-- stay began or ended there, no transfer into it): the unit and patient are the Clean question's
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id = {{subject_id}} AND o.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays s
                  WHERE s.hadm_id = o.hadm_id AND (s.first_careunit = {{careunit}} OR s.last_careunit = {{careunit}}))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers t WHERE t.hadm_id = o.hadm_id AND t.careunit = {{careunit}})
