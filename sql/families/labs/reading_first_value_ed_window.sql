-- Reading: "during the admission" taken to include the emergency-department visit that led to it: the admission's
-- results plus the patient's unfiled ED draws (hadm_id NULL, charttime in [edregtime, admittime))
SELECT DISTINCT l.valuenum, l.valueuom
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  -- include: fragments/ed_window_lab.sql lab=l adm=a
  AND l.charttime = (
    SELECT MIN(l2.charttime) FROM mimiciv_hosp.labevents l2
    WHERE l2.subject_id = a.subject_id AND l2.itemid = {{itemid}} AND l2.valuenum IS NOT NULL
    -- include: fragments/ed_window_lab.sql lab=l2 adm=a
  )
