-- that result was recorded at that visit (vacuous when the result or the visit does not exist at all)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.omr o
                   WHERE o.subject_id = {{subject_id}} AND o.result_name = {{result_name}})
    OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.omr o
                   WHERE o.subject_id = {{subject_id}} AND o.chartdate = {{chart_date}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.omr o
               WHERE o.subject_id = {{subject_id}} AND o.result_name = {{result_name}}
                 AND o.chartdate = {{chart_date}}) AS holds
