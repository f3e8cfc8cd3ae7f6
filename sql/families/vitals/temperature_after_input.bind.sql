-- (ICU stay, input) with a temperature charted within 24 h after the input's first start; ≤ 2 inputs per stay.
-- The input selects the window: the peak °C in the 24 h after the stay's first ICU input of any item differs (else a
-- twin naming an input the stay never had is answered by the stay's first input: 141 of 156 such twins were
-- correctable restatements). Only medications and fluids given as infusions or boluses (no oral intake, free water
-- or "Solution").
--   given      each input item of a stay and its first start
--   first_any  the stay's first ICU input of any item
--   peaks      per (stay, input) the peak °C after the input's first start and after the first input
WITH given AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  WHERE i.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  GROUP BY i.stay_id, i.itemid
), first_any AS (
  SELECT i.stay_id, MIN(i.starttime) AS t_any FROM mimiciv_icu.inputevents i GROUP BY i.stay_id
), peaks AS (
  SELECT g.stay_id, g.itemid,
         ROUND(CAST(MAX(CASE WHEN ce.charttime > g.first_start AND ce.charttime <= g.first_start + INTERVAL '24 hours'
                             THEN CASE WHEN ce.itemid = 223761 THEN (ce.valuenum - 32) * 5.0 / 9.0 ELSE ce.valuenum END
                        END) AS NUMERIC), 1) AS peak_input,
         ROUND(CAST(MAX(CASE WHEN ce.charttime > fa.t_any AND ce.charttime <= fa.t_any + INTERVAL '24 hours'
                             THEN CASE WHEN ce.itemid = 223761 THEN (ce.valuenum - 32) * 5.0 / 9.0 ELSE ce.valuenum END
                        END) AS NUMERIC), 1) AS peak_any
  FROM given g
  JOIN first_any fa ON fa.stay_id = g.stay_id
  JOIN mimiciv_icu.chartevents ce ON ce.stay_id = g.stay_id AND ce.itemid IN (223761, 223762)
   AND ce.valuenum IS NOT NULL
  GROUP BY g.stay_id, g.itemid
), ok AS (
  SELECT p.*, ROW_NUMBER() OVER (PARTITION BY p.stay_id ORDER BY (p.itemid * 7919 + p.stay_id) % 1097, p.itemid) AS rn
  FROM peaks p
  WHERE p.peak_input IS NOT NULL AND (p.peak_any IS NULL OR ABS(p.peak_any - p.peak_input) > 0.1)
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, o.itemid, di.label AS input_label
FROM ok o
JOIN mimiciv_icu.icustays s ON s.stay_id = o.stay_id
JOIN mimiciv_icu.d_items di ON di.itemid = o.itemid
WHERE o.rn <= 2 AND s.first_careunit IS NOT NULL
