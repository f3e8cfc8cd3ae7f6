-- (admission, ICU unit in which exactly one of its ICU stays started and ended): a stay that moved between units
-- would read differently as "the stay in the unit" (time in the unit) and "the stay that began there"
SELECT s.subject_id, s.hadm_id, CAST(a.admittime AS DATE) AS admit_date, s.first_careunit AS careunit
FROM mimiciv_icu.icustays s JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE s.first_careunit IS NOT NULL AND s.los IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays o
                  WHERE o.hadm_id = s.hadm_id AND o.stay_id <> s.stay_id
                    AND (o.first_careunit = s.first_careunit OR o.last_careunit = s.first_careunit))
  AND s.last_careunit = s.first_careunit
