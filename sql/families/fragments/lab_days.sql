-- The (admission, lab, calendar day) candidates with one unit that day, in admissions of ≥ 2 days, ranked per
-- admission by a seeded hash: CTEs d and pick (rn), opening the query's WITH; a whole binding continues after it with
-- `)` and its SELECT. Included by cost/lab_charges_on_day.bind.sql, labs/min_on_day.bind.sql.
WITH d AS (
  SELECT l.hadm_id, l.itemid, CAST(l.charttime AS DATE) AS chart_date,
         CASE WHEN MIN(l.valueuom) IS NULL THEN 0 WHEN MIN(l.valueuom) = MAX(l.valueuom) THEN 1 ELSE 2 END AS n_units
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid, CAST(l.charttime AS DATE)
), pick AS (
  SELECT d.*, ROW_NUMBER() OVER (PARTITION BY d.hadm_id
                                 ORDER BY (d.itemid * 7919 + d.hadm_id + CAST(EXTRACT(DAY
                                     FROM d.chart_date) AS INTEGER)) % 1237, d.itemid, d.chart_date) AS rn
  FROM d
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE d.n_units = 1
    AND CAST(a.dischtime AS DATE) - CAST(a.admittime AS DATE) >= 2
