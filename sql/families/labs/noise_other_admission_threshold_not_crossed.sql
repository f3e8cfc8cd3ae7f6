-- Query noise: another admission of the same patient in which this lab was drawn but never exceeded the threshold
-- (no result above it, filed under the admission or drawn unfiled during its stay); the lab, threshold and unit are
-- the Clean twin's, so only the admission differs. No result at the threshold either: an "at or above" reader
-- crosses it (review 7b)
SELECT a.hadm_id
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
              WHERE l.hadm_id = a.hadm_id AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                  WHERE l.subject_id = {{subject_id}} AND l.itemid = {{itemid}} AND l.valuenum >= {{threshold}}
                    AND (l.hadm_id = a.hadm_id
                         OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime)))
