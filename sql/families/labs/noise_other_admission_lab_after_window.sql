-- Query noise: another admission of the same patient, stated with its own admission date, in which this lab was
-- drawn, but only after the first {{hours}} hours (no result filed under it, nor unfiled from its ED registration,
-- up to that hour: earlier draws count as inside the window, the cautious reading); the window and the lab are the
-- Clean twin's, so only the admission differs
SELECT a.hadm_id, CAST(a.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}} AND a.hadm_id <> {{hadm_id}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
              WHERE l.hadm_id = a.hadm_id AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                  WHERE l.subject_id = {{subject_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
                    AND (l.hadm_id = a.hadm_id
                         OR (l.hadm_id IS NULL AND l.charttime >= LEAST(a.admittime, COALESCE(a.edregtime,
                             a.admittime))))
                    AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= {{hours}} * 3600)
