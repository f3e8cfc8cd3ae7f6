-- (ICU stay, continuous infusion, window of 2, 4 or 6 hours) with a MAP charted in that window after the first start
-- (the first row of the item, as the reference takes it), where the infusion selects the window: the lowest MAP in
-- the same window after the stay's first ICU input of any item differs. Otherwise a twin naming an infusion the stay
-- never had is answered by the stay's first input (80 of 172 such twins were correctable restatements). Only items
-- given as infusions or boluses (no oral intake, free water or "Solution").
--   drip       each infusion item of a stay (rows with a rate) and its first start over all its rows
--   first_any  the stay's first ICU input of any item
--   lows       per (stay, infusion, window) the lowest MAP after the infusion's start and after the first input
WITH drip AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  WHERE i.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  GROUP BY i.stay_id, i.itemid
  HAVING COUNT(i.rate) > 0
), win AS (
  SELECT d.stay_id, d.itemid,
         CASE (d.stay_id + d.itemid) % 3 WHEN 0 THEN 2 WHEN 1 THEN 4 ELSE 6 END AS hours, d.first_start
  FROM drip d
), first_any AS (
  SELECT i.stay_id, MIN(i.starttime) AS t_any FROM mimiciv_icu.inputevents i GROUP BY i.stay_id
), lows AS (
  SELECT w.stay_id, w.itemid, w.hours,
         MIN(CASE WHEN ce.charttime > w.first_start AND ce.charttime <= w.first_start + w.hours * INTERVAL '1 hour'
                  THEN ce.valuenum END) AS low_drug,
         MIN(CASE WHEN ce.charttime > fa.t_any AND ce.charttime <= fa.t_any + w.hours * INTERVAL '1 hour'
                  THEN ce.valuenum END) AS low_any
  FROM win w
  JOIN first_any fa ON fa.stay_id = w.stay_id
  JOIN mimiciv_icu.chartevents ce ON ce.stay_id = w.stay_id AND ce.itemid IN (220052, 220181)
   AND ce.valuenum IS NOT NULL
  GROUP BY w.stay_id, w.itemid, w.hours
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, w.itemid, di.label AS input_label, w.hours
FROM lows w
JOIN mimiciv_icu.icustays s ON s.stay_id = w.stay_id
JOIN mimiciv_icu.d_items di ON di.itemid = w.itemid
WHERE s.first_careunit IS NOT NULL AND w.low_drug IS NOT NULL AND (w.low_any IS NULL OR w.low_any <> w.low_drug)
