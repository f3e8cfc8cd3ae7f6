-- Query noise: a threshold the lab never exceeds in this admission — preferably one it does exceed in another
-- admission of the same patient, else ~10–20 % above the admission's maximum
SELECT DISTINCT t.threshold FROM (
  SELECT CAST(ROUND(CAST(m.mx * 1.1 AS NUMERIC), 1) AS DOUBLE PRECISION) AS threshold, m.mx
  FROM (SELECT MAX(l.valuenum) AS mx FROM mimiciv_hosp.labevents l
        WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}}) m
  UNION ALL
  SELECT CAST(ROUND(CAST(m.mx * 1.2 AS NUMERIC), 1) AS DOUBLE PRECISION), m.mx
  FROM (SELECT MAX(l.valuenum) AS mx FROM mimiciv_hosp.labevents l
        WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}}) m
  UNION ALL
  SELECT CAST(ROUND(CAST((o.mx + m.mx) / 2 AS NUMERIC), 1) AS DOUBLE PRECISION), m.mx
  FROM (SELECT MAX(l.valuenum) AS mx FROM mimiciv_hosp.labevents l
        WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}}) m,
       (SELECT MAX(l.valuenum) AS mx FROM mimiciv_hosp.labevents l
        WHERE l.subject_id = {{subject_id}} AND l.hadm_id <> {{hadm_id}} AND l.itemid = {{itemid}}) o
) t
WHERE t.threshold >= t.mx AND t.threshold > {{threshold}}
