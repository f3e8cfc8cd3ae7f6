-- Reading: "during the admission" taken to include the emergency-department visit that led to it: the day's results
-- filed under the admission plus the patient's unfiled ED draws (hadm_id NULL, charttime in [edregtime, admittime))
SELECT MIN(l.valuenum) AS min_value, MIN(l.valueuom) AS valueuom
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  -- include: fragments/ed_window_lab.sql lab=l adm=a
  AND CAST(l.charttime AS DATE) = {{chart_date}}
  AND {{chart_date}} BETWEEN CAST(a.admittime AS DATE) AND CAST(COALESCE(a.dischtime, a.admittime) AS DATE)
