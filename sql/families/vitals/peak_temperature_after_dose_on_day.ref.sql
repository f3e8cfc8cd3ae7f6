-- Highest body temperature in °C in the 24 hours after an ICU input (an antibiotic, a transfusion...) was first
-- given on a stated calendar day of the stay; Fahrenheit readings converted ((°F - 32) × 5/9), as the MIMIC
-- community's vital-sign concept pools both temperature items.
--   stay   the patient's ICU stay
--   given  the input's first start on that day (item named by its label)
--   temps  temperature readings after that start and within 24 hours, in °C
WITH stay AS (
  SELECT s.stay_id
  FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.subject_id = {{subject_id}}
), given AS (
  SELECT MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  JOIN stay ON stay.stay_id = i.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE i.itemid = {{itemid}} AND d.label = {{input_label}} AND CAST(i.starttime AS DATE) = {{dose_date}}
), temps AS (
  SELECT CASE WHEN di.label = 'Temperature Fahrenheit' THEN (ce.valuenum - 32) * 5.0 / 9.0 ELSE ce.valuenum END AS temp_c
  FROM mimiciv_icu.chartevents ce
  JOIN stay ON stay.stay_id = ce.stay_id
  JOIN mimiciv_icu.d_items di ON di.itemid = ce.itemid
  CROSS JOIN given g
  WHERE di.label IN ('Temperature Fahrenheit', 'Temperature Celsius') AND ce.valuenum IS NOT NULL
    AND ce.charttime > g.first_start AND ce.charttime <= g.first_start + INTERVAL '24 hours'
)
SELECT ROUND(CAST(MAX(t.temp_c) AS NUMERIC), 1) AS peak_temp_c
FROM temps t
HAVING COUNT(*) > 0
