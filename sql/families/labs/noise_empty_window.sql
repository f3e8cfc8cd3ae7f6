-- Query noise: a shorter window of the Clean set (12/24 h) that contains no result of the lab (it exists, later)
SELECT w.hours
FROM (VALUES (12), (24)) AS w(hours)
WHERE w.hours < {{hours}}
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
      AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= w.hours * 3600)
