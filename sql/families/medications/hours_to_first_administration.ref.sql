-- hours from hospital admission to the first eMAR administration of the medication
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (MIN(e.charttime) - a.admittime)) / 3600.0 AS NUMERIC), 1) AS hours
FROM mimiciv_hosp.emar e
JOIN mimiciv_hosp.admissions a ON a.hadm_id = e.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND e.medication = {{drug}} AND e.event_txt = 'Administered'
GROUP BY a.admittime
