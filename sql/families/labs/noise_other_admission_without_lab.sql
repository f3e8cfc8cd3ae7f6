-- Record noise: another admission of the same patient, stated with its own admission date, in which this lab was
-- never drawn (neither filed under the admission nor drawn, unfiled, during its stay); the lab, the patient and the
-- admission all exist and the question's wording is unchanged but for the admission, so nothing in it tells
SELECT a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                  WHERE l.subject_id = {{subject_id}} AND l.itemid = {{itemid}}
                    AND (l.hadm_id = a.hadm_id
                         OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime)))
