-- Reading: "during the admission" by time as well as by filing: the admission's results plus the patient's unfiled
-- results (hadm_id NULL: ED and outpatient draws) drawn between admission and discharge
SELECT MIN(l.charttime) AS first_time
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}} AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}}
  AND (l.hadm_id = a.hadm_id OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime))
