-- (admission, ICU unit in which exactly one of its ICU stays started)
SELECT s.subject_id, s.hadm_id, CAST(a.admittime AS DATE) AS admit_date, s.first_careunit AS careunit
FROM mimiciv_icu.icustays s JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
WHERE s.first_careunit IS NOT NULL AND s.los IS NOT NULL
GROUP BY s.subject_id, s.hadm_id, a.admittime, s.first_careunit
HAVING COUNT(*) = 1
