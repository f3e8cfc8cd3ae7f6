-- (patient, outpatient result, date) with a single recorded value; ≤ 2 per patient
WITH u AS (
  SELECT o.subject_id, o.result_name, o.chartdate
  FROM mimiciv_hosp.omr o
  GROUP BY o.subject_id, o.result_name, o.chartdate
  HAVING COUNT(DISTINCT o.result_value) = 1
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.subject_id
                                 ORDER BY (LENGTH(u.result_name) * 7919 + u.subject_id + EXTRACT(DAY FROM u.chartdate)) % 1063,
                                          u.result_name, u.chartdate) AS rn
  FROM u
)
SELECT p.subject_id, p.result_name, p.chartdate AS chart_date
FROM pick p WHERE p.rn <= 2
ORDER BY (p.subject_id * 31) % 10007, p.subject_id, p.result_name, p.chartdate
LIMIT 20000
