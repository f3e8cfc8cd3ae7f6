-- (ICU stay, input, a later calendar day it was given) with a temperature charted within 24 h after the input's
-- first start that day; ≤ 1 day per input and ≤ 2 inputs per stay. The day selects the window: it is not the
-- input's first day, and the peak °C in the 24 h after the input's very first start differs, so a twin naming a day
-- the input was not given is not answered by its first start; nor does the peak after the day's first ICU input
-- of any item equal it, so a twin naming an input the stay never had is not answered by that day's first input
-- (106 of 137 such twins were correctable without this) (the stay's care unit, this family's former Value
-- detail, restated the stay id: 123 of 123 such twins were correctable). Only medications and fluids given as
-- infusions or boluses (no oral intake, free water or "Solution").
--   given   each input item of a stay per calendar day: its first start that day, and its first start overall
--   day_any each stay's first ICU input of any item per calendar day
--   peaks   per later day the peak °C in the 24 h after that day's first start, after the first start, and after
--           the day's first input of any item
--   ok      days whose peak differs, ≤ 1 per input and ≤ 2 per stay, by a seeded hash; ≤ 40 per input (saline
--           and prophylactic heparin were a quarter of the days)
WITH given AS (
  SELECT i.stay_id, i.itemid, CAST(i.starttime AS DATE) AS dose_date, MIN(i.starttime) AS day_start,
         MIN(MIN(i.starttime)) OVER (PARTITION BY i.stay_id, i.itemid) AS first_start
  FROM mimiciv_icu.inputevents i
  WHERE i.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  GROUP BY i.stay_id, i.itemid, CAST(i.starttime AS DATE)
), day_any AS (
  SELECT i.stay_id, CAST(i.starttime AS DATE) AS dose_date, MIN(i.starttime) AS any_start
  FROM mimiciv_icu.inputevents i
  GROUP BY i.stay_id, CAST(i.starttime AS DATE)
), peaks AS (
  -- each (stay, input, day)'s temperatures read through the (stay, item, time) index within the three windows'
  -- span (a join of every such row with all of its stay's temperatures was most of the query on PostgreSQL)
  SELECT g.stay_id, g.itemid, g.dose_date, t.peak_day, t.peak_first, t.peak_any
  FROM given g
  JOIN day_any da ON da.stay_id = g.stay_id AND da.dose_date = g.dose_date
  CROSS JOIN LATERAL (
    SELECT ROUND(CAST(MAX(CASE WHEN ce.charttime > g.day_start AND ce.charttime <= g.day_start + INTERVAL '24 hours'
                              THEN CASE WHEN ce.itemid = 223761 THEN (ce.valuenum - 32) * 5.0 / 9.0 ELSE ce.valuenum END
                          END) AS NUMERIC), 1) AS peak_day,
           ROUND(CAST(MAX(CASE WHEN ce.charttime > g.first_start AND ce.charttime <= g.first_start + INTERVAL '24 hours'
                              THEN CASE WHEN ce.itemid = 223761 THEN (ce.valuenum - 32) * 5.0 / 9.0 ELSE ce.valuenum END
                          END) AS NUMERIC), 1) AS peak_first,
           ROUND(CAST(MAX(CASE WHEN ce.charttime > da.any_start AND ce.charttime <= da.any_start + INTERVAL '24 hours'
                              THEN CASE WHEN ce.itemid = 223761 THEN (ce.valuenum - 32) * 5.0 / 9.0 ELSE ce.valuenum END
                          END) AS NUMERIC), 1) AS peak_any,
           COUNT(*) AS n
    FROM mimiciv_icu.chartevents ce
    WHERE ce.stay_id = g.stay_id AND ce.itemid IN (223761, 223762) AND ce.valuenum IS NOT NULL
      AND ce.charttime > LEAST(g.first_start, da.any_start) AND ce.charttime <= g.day_start + INTERVAL '24 hours'
  ) t
  WHERE g.day_start > g.first_start AND t.n > 0
), ok AS (
  SELECT p.*,
         ROW_NUMBER() OVER (PARTITION BY p.stay_id, p.itemid
                            ORDER BY (p.itemid * 7919 + p.stay_id + EXTRACT(DAY FROM p.dose_date)) % 1097,
                                     p.dose_date) AS rn_day
  FROM peaks p
  WHERE p.peak_day IS NOT NULL AND (p.peak_first IS NULL OR ABS(p.peak_first - p.peak_day) > 0.1)
    AND (p.peak_any IS NULL OR ABS(p.peak_any - p.peak_day) > 0.1)
), per_stay AS (
  SELECT o.*, ROW_NUMBER() OVER (PARTITION BY o.stay_id ORDER BY (o.itemid * 7919 + o.stay_id) % 1097, o.itemid) AS rn
  FROM ok o WHERE o.rn_day = 1
), per_item AS (
  SELECT q.*, ROW_NUMBER() OVER (PARTITION BY q.itemid ORDER BY (q.stay_id * 17 + q.itemid) % 10009, q.stay_id) AS rn_i
  FROM per_stay q WHERE q.rn <= 2
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, o.itemid, di.label AS input_label,
       o.dose_date
FROM per_item o
JOIN mimiciv_icu.icustays s ON s.stay_id = o.stay_id
JOIN mimiciv_icu.d_items di ON di.itemid = o.itemid
WHERE o.rn_i <= 40 AND s.first_careunit IS NOT NULL
