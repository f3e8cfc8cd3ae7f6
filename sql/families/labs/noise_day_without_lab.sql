-- Query noise: another day of the same admission on which this lab was not drawn (it was on other days)
SELECT g.chart_date
FROM (
  SELECT CAST(a.admittime AS DATE) + k.k AS chart_date
  FROM mimiciv_hosp.admissions a
  CROSS JOIN (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13)) AS k(k)
  WHERE a.hadm_id = {{hadm_id}} AND CAST(a.admittime AS DATE) + k.k <= CAST(a.dischtime AS DATE)
) g
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                  WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND CAST(l.charttime AS DATE) = g.chart_date)
