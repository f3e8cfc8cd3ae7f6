-- value and unit of the earliest numeric result of the lab in the admission the question names by the patient and its
-- start date (ties at that time → several rows)
SELECT DISTINCT l.valuenum, l.valueuom
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND l.charttime = (
    SELECT MIN(l2.charttime) FROM mimiciv_hosp.labevents l2
    WHERE l2.hadm_id = a.hadm_id AND l2.itemid = {{itemid}} AND l2.valuenum IS NOT NULL
  )
