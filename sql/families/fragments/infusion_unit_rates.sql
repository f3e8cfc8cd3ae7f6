-- The body of CTE unit_rates (itemid, rateuom, rate): each ICU input charted with a positive rate, per rate unit,
-- with its median charted rate in that unit (3 decimals), what an infusion-swap Record twin states. No slot, so
-- the build computes it once (pipeline/construction/constants.py) where a correlated median and an EXISTS over
-- inputevents per candidate item scanned inputevents once per binding on PostgreSQL (4.8 s per 24 bindings).
  SELECT e.itemid, e.rateuom,
         CAST(ROUND(CAST(PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY e.rate) AS NUMERIC), 3)
              AS DOUBLE PRECISION) AS rate
  FROM mimiciv_icu.inputevents e
  WHERE e.rate > 0 AND e.rateuom IS NOT NULL
  GROUP BY e.itemid, e.rateuom
