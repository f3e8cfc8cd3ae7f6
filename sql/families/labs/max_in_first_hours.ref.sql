SELECT MAX(l.valuenum) AS max_value, MIN(l.valueuom) AS valueuom
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND l.charttime >= a.admittime
  AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= {{hours}} * 3600
GROUP BY a.hadm_id
