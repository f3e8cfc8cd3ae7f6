SELECT MIN(l.valuenum) AS min_value, MIN(l.valueuom) AS valueuom
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND CAST(l.charttime AS DATE) = {{chart_date}}
  AND {{chart_date}} BETWEEN CAST(a.admittime AS DATE) AND CAST(COALESCE(a.dischtime, a.admittime) AS DATE)
