-- Reading: "during the admission" by time as well as by filing: the day's results filed under the admission plus the
-- patient's unfiled results (hadm_id NULL: ED and outpatient draws) drawn between admission and discharge
SELECT MIN(l.valuenum) AS min_value, MIN(l.valueuom) AS valueuom
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND (l.hadm_id = a.hadm_id OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime))
  AND CAST(l.charttime AS DATE) = {{chart_date}}
  AND {{chart_date}} BETWEEN CAST(a.admittime AS DATE) AND CAST(COALESCE(a.dischtime, a.admittime) AS DATE)
