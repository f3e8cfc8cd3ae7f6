-- total charge of the lab's tests drawn on that day of the admission
SELECT ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total_cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.labevents l ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND CAST(l.charttime AS DATE) = {{chart_date}}
  AND {{chart_date}} BETWEEN CAST(a.admittime AS DATE) AND CAST(COALESCE(a.dischtime, a.admittime) AS DATE)
