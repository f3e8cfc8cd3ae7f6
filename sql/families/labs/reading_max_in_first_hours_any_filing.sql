-- Reading: the window by time as well as by filing: results filed under the admission plus the patient's unfiled
-- results (hadm_id NULL: ED and outpatient draws) in the first hours after the admission time
SELECT MAX(l.valuenum) AS max_value, MIN(l.valueuom) AS valueuom
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND (l.hadm_id = a.hadm_id OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime))
  AND l.charttime >= a.admittime
  AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= {{hours}} * 3600
GROUP BY a.hadm_id
