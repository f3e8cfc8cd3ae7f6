-- Reading: "the tests drawn on that day" counts every test of the lab drawn that day, a result without a numeric
-- value too (the reference charges the numeric results); a Clean total ships only when both agree
SELECT ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total_cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.labevents l ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND l.itemid = {{itemid}}
  AND CAST(l.charttime AS DATE) = {{chart_date}}
  AND {{chart_date}} BETWEEN CAST(a.admittime AS DATE) AND CAST(COALESCE(a.dischtime, a.admittime) AS DATE)
HAVING COUNT(*) > 0
