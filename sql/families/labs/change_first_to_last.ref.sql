-- last minus first result of the lab in the admission (ties at either end → several rows)
SELECT DISTINCT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 4) AS change, fst.valueuom
FROM (
  SELECT l.valuenum, l.valueuom FROM mimiciv_hosp.labevents l
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
  WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
    AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
    AND l.charttime = (SELECT MIN(l2.charttime) FROM mimiciv_hosp.labevents l2
                       WHERE l2.hadm_id = {{hadm_id}} AND l2.itemid = {{itemid}} AND l2.valuenum IS NOT NULL)
) fst
CROSS JOIN (
  SELECT l.valuenum FROM mimiciv_hosp.labevents l
  WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
    AND l.charttime = (SELECT MAX(l2.charttime) FROM mimiciv_hosp.labevents l2
                       WHERE l2.hadm_id = {{hadm_id}} AND l2.itemid = {{itemid}} AND l2.valuenum IS NOT NULL)
) lst
WHERE (SELECT COUNT(DISTINCT l3.charttime) FROM mimiciv_hosp.labevents l3
       WHERE l3.hadm_id = {{hadm_id}} AND l3.itemid = {{itemid}} AND l3.valuenum IS NOT NULL) >= 2
