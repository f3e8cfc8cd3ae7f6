-- (patient, outpatient result, date) with a single recorded value; ≤ 2 per patient, height first where it is bound
-- The date is the question's only handle on the visit, so it must select the value: the patient's result took ≥ 2
-- different values over their visits (a height charted alike at every visit made a twin's false date a restatement
-- a reader corrects by taking the patient's one height: 102 of 160 twins of main's build; the Query twin, a visit
-- without a height, was one too, 32 of 32, and went: in the default EHR every visit charts the other results).
-- Heights (one value per patient in the default EHR) stay for one patient in eight, so the Record twin's height,
-- asked of a patient never measured, is a result Clean questions ask too; their own twins are restatements (the
-- engine takes such a level only when a pair has no other), a small share
WITH u AS (
  SELECT o.subject_id, o.result_name, o.chartdate
  FROM mimiciv_hosp.omr o
  GROUP BY o.subject_id, o.result_name, o.chartdate
  HAVING COUNT(DISTINCT o.result_value) = 1
), varied AS (
  SELECT o.subject_id, o.result_name
  FROM mimiciv_hosp.omr o
  GROUP BY o.subject_id, o.result_name
  HAVING COUNT(DISTINCT o.result_value) >= 2
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.subject_id
                                 ORDER BY CASE WHEN u.result_name LIKE 'Height%' THEN 0 ELSE 1 END,
                                          (LENGTH(u.result_name) * 7919 + u.subject_id + EXTRACT(DAY
                                              FROM u.chartdate)) % 1063,
                                          u.result_name, u.chartdate) AS rn
  FROM u
  -- a join, not EXISTS under OR, which PostgreSQL runs once per row
  LEFT JOIN varied v ON v.subject_id = u.subject_id AND v.result_name = u.result_name
  WHERE v.subject_id IS NOT NULL OR (u.result_name LIKE 'Height%' AND u.subject_id % 8 = 0)
)
SELECT p.subject_id, p.result_name, p.chartdate AS chart_date
FROM pick p WHERE p.rn <= 2
ORDER BY (p.subject_id * 31) % 10007, p.subject_id, p.result_name, p.chartdate
LIMIT 20000
