-- (patient, outpatient result, date) with a single recorded value; ≤ 2 per patient, height first where the patient
-- has one: height is measured at some visits only (35 % of the default EHR's), so its questions are the ones whose
-- Query twin (another visit of the patient, without a height) and Record twin (a patient never measured) exist;
-- with the results drawn alike, 160 of 160 twins were date shifts (one operator), and a twin asking for a height
-- among Clean questions that rarely do is a wording tell
WITH u AS (
  SELECT o.subject_id, o.result_name, o.chartdate
  FROM mimiciv_hosp.omr o
  GROUP BY o.subject_id, o.result_name, o.chartdate
  HAVING COUNT(DISTINCT o.result_value) = 1
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.subject_id
                                 ORDER BY CASE WHEN u.result_name LIKE 'Height%' THEN 0 ELSE 1 END,
                                          (LENGTH(u.result_name) * 7919 + u.subject_id + EXTRACT(DAY
                                              FROM u.chartdate)) % 1063,
                                          u.result_name, u.chartdate) AS rn
  FROM u
)
SELECT p.subject_id, p.result_name, p.chartdate AS chart_date
FROM pick p WHERE p.rn <= 2
ORDER BY (p.subject_id * 31) % 10007, p.subject_id, p.result_name, p.chartdate
LIMIT 20000
