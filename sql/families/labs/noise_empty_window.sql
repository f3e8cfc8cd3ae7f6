-- Query noise: the 24 h window of the Clean set when the Clean window is 48 h and no result of the lab falls in the
-- first 24 h (it exists, later). Not 12 h: a 12 h window that is empty was 132 of 160 twins against 88 Clean
-- questions, a wording tell; the 24 h window is as common among the Clean questions as among these twins
SELECT w.hours
FROM (VALUES (24)) AS w(hours)
WHERE w.hours < {{hours}}
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
      AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= w.hours * 3600)
