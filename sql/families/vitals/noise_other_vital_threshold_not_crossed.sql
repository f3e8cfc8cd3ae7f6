-- Query noise: another vital sign of the family's list that this stay did chart, stated with the lowest of its
-- standard cut-offs (1, 1.1 or 1.25 × its high-normal limit, one that ≥ 5 % of ICU stays cross, as in
-- noise_threshold_not_crossed.sql) that it never exceeded in the stay: the vital exists, the threshold is never
-- crossed. Vital and cut-off are swapped together, so without them the question names no vital and does not find
-- the Clean time. Not a temperature (°C ↔ °F charting is a reading).
--   common  per vital of the list, its cut-offs that ≥ 5 % of ICU stays cross
--   in_stay the vitals of the list charted with a value in this stay
-- The vital never even reaches the cut-off: a stay maximum equal to it is crossed 'at or above' it (review 6b,
-- 98d7f244c1ce1564).
WITH common AS (
  SELECT c.itemid, CAST(ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0) AS DOUBLE PRECISION) AS threshold
  FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
  CROSS JOIN (VALUES (1.0), (1.1), (1.25)) AS k(k)
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220050, 220051, 220052)
    AND d.highnormalvalue IS NOT NULL AND c.valuenum > ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0)
  GROUP BY c.itemid, d.highnormalvalue, k.k
  HAVING COUNT(DISTINCT c.stay_id) >= 0.05 * (SELECT COUNT(*) FROM mimiciv_icu.icustays)
), in_stay AS (
  SELECT DISTINCT c.itemid FROM mimiciv_icu.chartevents c
  WHERE c.stay_id = {{stay_id}} AND c.itemid IN (220045, 220179, 220180, 220181, 220210, 220050, 220051, 220052)
    AND c.valuenum IS NOT NULL
)
SELECT common.itemid, d.label AS vital_label, MIN(common.threshold) AS threshold
FROM common
JOIN in_stay ON in_stay.itemid = common.itemid
JOIN mimiciv_icu.d_items d ON d.itemid = common.itemid
WHERE common.itemid <> {{itemid}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c
                  WHERE c.stay_id = {{stay_id}} AND c.itemid = common.itemid AND c.valuenum >= common.threshold)
GROUP BY common.itemid, d.label
