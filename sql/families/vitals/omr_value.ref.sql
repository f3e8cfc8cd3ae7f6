SELECT DISTINCT o.result_value
FROM mimiciv_hosp.omr o
WHERE o.subject_id = {{subject_id}} AND o.result_name = {{result_name}} AND o.chartdate = {{chart_date}}
