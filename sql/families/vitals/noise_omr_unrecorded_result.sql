-- Record noise: an outpatient measurement other patients have but this patient never had
SELECT o.result_name
FROM (SELECT DISTINCT o0.result_name FROM mimiciv_hosp.omr o0) o
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.omr x
                  WHERE x.subject_id = {{subject_id}} AND x.result_name = o.result_name)
