-- Query noise: the lowest standard cut-off of the vital (1, 1.1 or 1.25 × its high-normal limit, as Clean twins use)
-- that the vital never exceeds in this stay: the next one above the Clean twin's highest crossed cut-off. Only a
-- cut-off that ≥ 5 % of all ICU stays cross, as the Clean questions' cut-offs mostly are: arterial systolic pressure
-- above 175 (crossed in 7 of 873 stays, so in 5 Clean bindings against 40 at 154) was the Query twin of every 154 and
-- named in 21 twins and 8 Clean questions
--   common  per vital of the family's list, its cut-offs that ≥ 5 % of ICU stays cross
-- No twin when the stay maximum equals that cut-off: an "at or above" reader crosses it (review 6b, 98d7f244c1ce1564).
WITH common AS (
  SELECT c.itemid, CAST(ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0) AS DOUBLE PRECISION) AS threshold
  FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
  CROSS JOIN (VALUES (1.0), (1.1), (1.25)) AS k(k)
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220050, 220051, 220052, 223761, 223762)
    AND d.highnormalvalue IS NOT NULL AND c.valuenum > ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0)
  GROUP BY c.itemid, d.highnormalvalue, k.k
  HAVING COUNT(DISTINCT c.stay_id) >= 0.05 * (SELECT COUNT(*) FROM mimiciv_icu.icustays)
)
SELECT t.threshold
FROM (SELECT MIN(common.threshold) AS threshold
      FROM common
      WHERE common.itemid = {{itemid}}
        AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c
                        WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}} AND c.valuenum > common.threshold)
      HAVING COUNT(*) > 0) t
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c
                  WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}} AND c.valuenum = t.threshold)
