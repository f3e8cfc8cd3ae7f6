-- Reading: "during the admission" by time as well as by filing: the admission's results plus the patient's unfiled
-- results (hadm_id NULL: ED and outpatient draws, 30 % of MIMIC-IV labevents) drawn between admission and discharge
SELECT DISTINCT l.valuenum, l.valueuom
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND (l.hadm_id = a.hadm_id OR (l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime))
  AND l.charttime = (
    SELECT MIN(l2.charttime) FROM mimiciv_hosp.labevents l2
    WHERE l2.subject_id = a.subject_id AND l2.itemid = {{itemid}} AND l2.valuenum IS NOT NULL
      AND (l2.hadm_id = a.hadm_id OR (l2.hadm_id IS NULL AND l2.charttime BETWEEN a.admittime AND a.dischtime))
  )
