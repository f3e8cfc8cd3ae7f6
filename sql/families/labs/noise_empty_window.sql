-- Query noise: a shorter window that contains no result of the lab (the lab exists, later)
SELECT w.hours
FROM (VALUES (2), (3), (4), (6), (8), (12), (18)) AS w(hours)
WHERE w.hours < {{hours}}
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
      AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= w.hours * 3600)
