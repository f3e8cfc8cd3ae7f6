-- Query noise: a threshold a little above the stay's maximum (never crossed in this stay)
SELECT DISTINCT t.threshold FROM (
  SELECT CAST(ROUND(CAST(m.mx * f.f AS NUMERIC), 0) AS DOUBLE PRECISION) AS threshold, m.mx
  FROM (SELECT MAX(c.valuenum) AS mx FROM mimiciv_icu.chartevents c
        WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}}) m
  CROSS JOIN (VALUES (1.05), (1.1), (1.15)) AS f(f)
) t
WHERE t.threshold > t.mx
