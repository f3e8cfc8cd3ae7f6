-- Medication course: total days a drug was on order during an admission, overlapping or back-to-back prescriptions
-- merged into continuous courses (gaps and islands over starttime/stoptime).
--   adm        the admission the question names: the patient's admission that began on the stated date
--   orders     the admission's orders of the drug with a stop time after the start
--   ordered    each order with the latest stop of the orders that started before it
--   courses    running count of new courses (an order starting after every earlier order stopped)
--   merged     one interval per course
WITH adm AS (
  SELECT a.hadm_id
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
), orders AS (
  SELECT p.hadm_id, p.starttime, p.stoptime
  FROM mimiciv_hosp.prescriptions p
  JOIN adm ON adm.hadm_id = p.hadm_id
  WHERE p.drug = {{drug}} AND p.stoptime > p.starttime
), ordered AS (
  SELECT o.hadm_id, o.starttime, o.stoptime,
         MAX(o.stoptime) OVER (PARTITION BY o.hadm_id ORDER BY o.starttime, o.stoptime ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_stop
  FROM orders o
), courses AS (
  SELECT o.hadm_id, o.starttime, o.stoptime,
         SUM(CASE WHEN o.prev_stop IS NULL OR o.starttime > o.prev_stop THEN 1 ELSE 0 END)
           OVER (PARTITION BY o.hadm_id ORDER BY o.starttime, o.stoptime ROWS UNBOUNDED PRECEDING) AS course
  FROM ordered o
), merged AS (
  SELECT c.hadm_id, c.course, MIN(c.starttime) AS course_start, MAX(c.stoptime) AS course_stop
  FROM courses c
  GROUP BY c.hadm_id, c.course
)
SELECT ROUND(CAST(SUM(EXTRACT(EPOCH FROM (m.course_stop - m.course_start))) / 86400.0 AS NUMERIC), 2) AS days_on_drug
FROM merged m
GROUP BY m.hadm_id
