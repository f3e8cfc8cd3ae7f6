SELECT MIN(l.charttime) AS first_time
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}} AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}}
GROUP BY a.hadm_id
