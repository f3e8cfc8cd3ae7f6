-- Reading: "during the admission" taken to include the emergency-department visit that led to it: the admission's
-- results plus the patient's unfiled ED draws (hadm_id NULL, charttime in [edregtime, admittime)); last minus first
--   results  those results with their rank from the first and from the last charttime
WITH results AS (
  SELECT a.hadm_id, l.valuenum, l.valueuom,
         RANK() OVER (PARTITION BY a.hadm_id ORDER BY l.charttime) AS from_first,
         RANK() OVER (PARTITION BY a.hadm_id ORDER BY l.charttime DESC) AS from_last
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
  WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
    AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  -- include: fragments/ed_window_lab.sql lab=l adm=a
)
SELECT DISTINCT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 4) AS change, fst.valueuom
FROM results fst
JOIN results lst ON lst.hadm_id = fst.hadm_id AND lst.from_last = 1
WHERE fst.from_first = 1 AND (SELECT COUNT(DISTINCT r.from_first) FROM results r WHERE r.hadm_id = fst.hadm_id) >= 2
