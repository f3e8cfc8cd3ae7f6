-- (ICU stay, continuous infusion, window of 2, 4 or 6 hours) with a MAP charted in that window after the first start
WITH drip AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  WHERE i.rate IS NOT NULL
  GROUP BY i.stay_id, i.itemid
), win AS (
  SELECT d.stay_id, d.itemid,
         CASE (d.stay_id + d.itemid) % 3 WHEN 0 THEN 2 WHEN 1 THEN 4 ELSE 6 END AS hours, d.first_start
  FROM drip d
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, w.itemid, di.label AS input_label, w.hours
FROM win w
JOIN mimiciv_icu.icustays s ON s.stay_id = w.stay_id
JOIN mimiciv_icu.d_items di ON di.itemid = w.itemid
WHERE s.first_careunit IS NOT NULL
  AND EXISTS (SELECT 1 FROM mimiciv_icu.chartevents ce
              WHERE ce.stay_id = w.stay_id AND ce.itemid IN (220052, 220181) AND ce.valuenum IS NOT NULL
                AND ce.charttime > w.first_start AND ce.charttime <= w.first_start + w.hours * INTERVAL '1 hour')
