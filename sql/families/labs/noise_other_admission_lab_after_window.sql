-- Query noise: another admission of the same patient, stated with its own admission date, in which this lab was
-- drawn, but only after the first {{hours}} hours (no result filed under it, nor unfiled from its ED registration,
-- up to that hour: earlier draws count as inside the window, the cautious reading); the window and the lab are the
-- Clean twin's, so only the admission differs. Only where the date selects: a third admission of the patient has a
-- result of the lab in its first {{hours}} hours with another maximum, so without the date the question has several
-- answers (with the Clean admission the only one left, 19 of 33 twins of main's build were restatements)
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
  AND EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions t
    WHERE t.subject_id = {{subject_id}} AND t.hadm_id NOT IN ({{hadm_id}}, a.hadm_id)
      AND (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
           WHERE l.hadm_id = t.hadm_id AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
             AND l.charttime >= t.admittime AND EXTRACT(EPOCH FROM (l.charttime - t.admittime)) <= {{hours}} * 3600)
          <> (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
              JOIN mimiciv_hosp.admissions c ON c.hadm_id = l.hadm_id
              WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
                AND l.charttime >= c.admittime
                AND EXTRACT(EPOCH FROM (l.charttime - c.admittime)) <= {{hours}} * 3600))
