-- numeric items carry value = formatted valuenum; scored text items (GCS) carry text plus a 1-6 score;
-- heart rate is charted about hourly (mean gap 30-90 minutes in stays with 3+ readings)
SELECT
    (SELECT COUNT(*) FROM mimiciv_icu.chartevents c JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
       WHERE (d.param_type = 'Numeric' AND (c.valuenum IS NULL
              OR ABS(CASE WHEN d.param_type = 'Numeric' THEN CAST(c.value AS DOUBLE PRECISION) END - c.valuenum) > 1e-6))
          OR (d.param_type = 'Text' AND c.value IS NULL))
  + (SELECT COUNT(*) FROM mimiciv_icu.chartevents
       WHERE itemid IN (220739, 223900, 223901) AND (valuenum IS NULL OR valuenum < 1 OR valuenum > 6 OR value IS NULL))
  + (SELECT COUNT(*) FROM (
        SELECT stay_id, EXTRACT(EPOCH FROM (MAX(charttime) - MIN(charttime))) / 60.0 / (COUNT(*) - 1) AS gap_min
        FROM mimiciv_icu.chartevents WHERE itemid = 220045 GROUP BY stay_id HAVING COUNT(*) >= 3) g
       WHERE gap_min < 30 OR gap_min > 90)
  AS violations
