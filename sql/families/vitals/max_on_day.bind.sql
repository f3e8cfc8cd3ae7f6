-- (ICU stay, vital sign, calendar day charted) for stays whose admission has days outside the ICU; ≤ 2 per stay.
-- The day selects the value: its maximum is not the stay's maximum of the vital (else a twin naming a ward day is
-- answered by the stay's maximum: 36 of 83 such twins were correctable restatements).
--   d     per (stay, vital, day) the day's maximum and the stay's
WITH d AS (
  SELECT c.stay_id, c.itemid, CAST(c.charttime AS DATE) AS chart_date, MAX(c.valuenum) AS day_max,
         MAX(MAX(c.valuenum)) OVER (PARTITION BY c.stay_id, c.itemid) AS stay_max
  FROM mimiciv_icu.chartevents c
  WHERE c.valuenum IS NOT NULL
    AND c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 220050, 220051, 220052, 223761)
  GROUP BY c.stay_id, c.itemid, CAST(c.charttime AS DATE)
), pick AS (
  SELECT d.*, ROW_NUMBER() OVER (PARTITION BY d.stay_id
                                 ORDER BY (d.itemid * 7919 + d.stay_id + EXTRACT(DAY
                                     FROM d.chart_date)) % 1249, d.itemid, d.chart_date) AS rn
  FROM d
  WHERE d.day_max < d.stay_max
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, p.itemid, x.label AS vital_label, p.chart_date
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items x ON x.itemid = p.itemid
WHERE p.rn <= 2 AND s.first_careunit IS NOT NULL
ORDER BY (s.stay_id * 31 + p.itemid) % 10007, s.stay_id, p.itemid
LIMIT 20000
