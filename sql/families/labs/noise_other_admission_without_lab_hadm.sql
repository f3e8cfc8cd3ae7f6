-- Record noise: another admission of the same patient in which this lab was never drawn (neither filed under the
-- admission nor drawn, unfiled, during its stay); only the admission differs from the Clean twin's wording
SELECT a.hadm_id
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                  WHERE l.subject_id = {{subject_id}} AND l.itemid = {{itemid}}
                    AND (l.hadm_id = a.hadm_id
                         OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime)))
