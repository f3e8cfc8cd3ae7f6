-- Query noise: a day of the same hospital admission on which this vital was not charted in the ICU stay
-- (e.g. a ward day before or after the ICU)
SELECT g.chart_date
FROM (
  SELECT CAST(a.admittime AS DATE) + k.k AS chart_date
  FROM mimiciv_hosp.admissions a
  CROSS JOIN (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13)) AS k(k)
  WHERE a.hadm_id = {{hadm_id}} AND CAST(a.admittime AS DATE) + k.k <= CAST(a.dischtime AS DATE)
) g
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c
                  WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}} AND CAST(c.charttime AS DATE) = g.chart_date)
