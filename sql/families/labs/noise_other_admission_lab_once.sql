-- Query noise: another admission of the same patient, stated with its own admission date, in which this lab was
-- drawn at one time only (filed under the admission or, unfiled, during its stay): the lab exists there, but there
-- is no first-to-last change to report
SELECT a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}}
  AND (SELECT COUNT(DISTINCT l.charttime) FROM mimiciv_hosp.labevents l
       WHERE l.subject_id = {{subject_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
         AND (l.hadm_id = a.hadm_id
              OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime))) = 1
