-- (admission, ICU unit in which exactly one of its ICU stays started and ended): a stay that moved between units
-- would read differently as "the stay in the unit" (time in the unit) and "the stay that began there"
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: another admission of the patient had an ICU stay that began in that unit (without the date the
-- question has several answers, so a twin's false date is not a restatement a reader can correct)
SELECT s.subject_id, s.hadm_id, CAST(a.admittime AS DATE) AS admit_date, s.first_careunit AS careunit
FROM mimiciv_icu.icustays s JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE s.first_careunit IS NOT NULL AND s.los IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays o
                  WHERE o.hadm_id = s.hadm_id AND o.stay_id <> s.stay_id
                    AND (o.first_careunit = s.first_careunit OR o.last_careunit = s.first_careunit))
  AND s.last_careunit = s.first_careunit
  AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays o2
              WHERE o2.subject_id = s.subject_id AND o2.hadm_id <> s.hadm_id AND o2.first_careunit = s.first_careunit)
