-- Query noise: another outpatient visit date of this patient at which this result was not recorded
SELECT DISTINCT o.chartdate AS chart_date
FROM mimiciv_hosp.omr o
WHERE o.subject_id = {{subject_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.omr x
                  WHERE x.subject_id = {{subject_id}} AND x.chartdate = o.chartdate AND x.result_name = {{result_name}})
