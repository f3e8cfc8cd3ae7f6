SELECT MIN(t.intime) AS first_intime
FROM mimiciv_hosp.transfers t
JOIN mimiciv_hosp.admissions a ON a.hadm_id = t.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND t.careunit = {{careunit}}
GROUP BY a.hadm_id
