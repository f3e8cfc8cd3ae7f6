-- Reading: "during the admission" taken to include the emergency-department visit that led to it: the admission's
-- results plus the patient's unfiled ED draws (hadm_id NULL, charttime in [edregtime, admittime))
SELECT MIN(l.charttime) AS first_time
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}} AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}}
  -- include: fragments/ed_window_lab.sql lab=l adm=a
