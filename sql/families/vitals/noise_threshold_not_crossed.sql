-- Query noise: the lowest standard cut-off of the vital (1, 1.1 or 1.25 × its high-normal limit, as Clean twins use)
-- that the vital never exceeds in this stay: the next one above the Clean twin's highest crossed cut-off
WITH cut AS (
  SELECT CAST(ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0) AS DOUBLE PRECISION) AS threshold
  FROM mimiciv_icu.d_items d
  CROSS JOIN (VALUES (1.0), (1.1), (1.25)) AS k(k)
  WHERE d.itemid = {{itemid}} AND d.highnormalvalue IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c
                    WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}}
                      AND c.valuenum > ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0))
)
SELECT MIN(cut.threshold) AS threshold FROM cut HAVING COUNT(*) > 0
