-- last minus first result of the lab in the admission the question names by the patient and its start date (ties at
-- either end → several rows; without the date, one change per admission of the patient)
SELECT DISTINCT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 4) AS change, fst.valueuom
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents fst ON fst.hadm_id = a.hadm_id
JOIN mimiciv_hosp.labevents lst ON lst.hadm_id = a.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND fst.itemid = {{itemid}} AND fst.valuenum IS NOT NULL
  AND lst.itemid = {{itemid}} AND lst.valuenum IS NOT NULL
  AND fst.charttime = (SELECT MIN(l2.charttime) FROM mimiciv_hosp.labevents l2
                       WHERE l2.hadm_id = a.hadm_id AND l2.itemid = {{itemid}} AND l2.valuenum IS NOT NULL)
  AND lst.charttime = (SELECT MAX(l2.charttime) FROM mimiciv_hosp.labevents l2
                       WHERE l2.hadm_id = a.hadm_id AND l2.itemid = {{itemid}} AND l2.valuenum IS NOT NULL)
  AND (SELECT COUNT(DISTINCT l3.charttime) FROM mimiciv_hosp.labevents l3
       WHERE l3.hadm_id = a.hadm_id AND l3.itemid = {{itemid}} AND l3.valuenum IS NOT NULL) >= 2
