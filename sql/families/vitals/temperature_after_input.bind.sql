-- (ICU stay, input) with a temperature charted within 24 h after the input's first start; ≤ 2 inputs per stay
WITH given AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  GROUP BY i.stay_id, i.itemid
), ok AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.stay_id ORDER BY (g.itemid * 7919 + g.stay_id) % 1097, g.itemid) AS rn
  FROM given g
  WHERE EXISTS (SELECT 1 FROM mimiciv_icu.chartevents ce
                WHERE ce.stay_id = g.stay_id AND ce.itemid IN (223761, 223762) AND ce.valuenum IS NOT NULL
                  AND ce.charttime > g.first_start AND ce.charttime <= g.first_start + INTERVAL '24 hours')
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, o.itemid, di.label AS input_label
FROM ok o
JOIN mimiciv_icu.icustays s ON s.stay_id = o.stay_id
JOIN mimiciv_icu.d_items di ON di.itemid = o.itemid
WHERE o.rn <= 2 AND s.first_careunit IS NOT NULL
