-- Reading: "during the admission" by time as well as by filing: the admission's results plus the patient's unfiled
-- results (hadm_id NULL: ED and outpatient draws) drawn between admission and discharge; last minus first of those
--   results  those results with their rank from the first and from the last charttime
WITH results AS (
  SELECT a.hadm_id, l.valuenum, l.valueuom,
         RANK() OVER (PARTITION BY a.hadm_id ORDER BY l.charttime) AS from_first,
         RANK() OVER (PARTITION BY a.hadm_id ORDER BY l.charttime DESC) AS from_last
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
  WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
    AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
    AND (l.hadm_id = a.hadm_id OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime))
)
SELECT DISTINCT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 4) AS change, fst.valueuom
FROM results fst
JOIN results lst ON lst.hadm_id = fst.hadm_id AND lst.from_last = 1
WHERE fst.from_first = 1 AND (SELECT COUNT(DISTINCT r.from_first) FROM results r WHERE r.hadm_id = fst.hadm_id) >= 2
