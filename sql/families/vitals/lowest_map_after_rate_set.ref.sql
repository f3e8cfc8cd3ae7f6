-- Lowest mean arterial pressure in the N hours after an ICU infusion was first set to a stated rate (the
-- haemodynamic response to a titration of a vasopressor, sedative or fluid). MAP counts invasive and non-invasive
-- readings alike; the rate is matched to 3 decimals in its charted unit.
--   stay       the patient's ICU stay
--   setting    the first row of the infusion (item named by its label) charted at the stated rate
--   map_window MAP readings charted after that row's start and within the stated number of hours
WITH stay AS (
  SELECT s.stay_id
  FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.subject_id = {{subject_id}}
), setting AS (
  SELECT MIN(i.starttime) AS set_time
  FROM mimiciv_icu.inputevents i
  JOIN stay ON stay.stay_id = i.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE i.itemid = {{itemid}} AND d.label = {{input_label}}
    AND ROUND(CAST(i.rate AS NUMERIC), 3) = {{rate}} AND i.rateuom = {{rateuom}}
), map_window AS (
  SELECT ce.valuenum
  FROM mimiciv_icu.chartevents ce
  JOIN stay ON stay.stay_id = ce.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = ce.itemid
  CROSS JOIN setting
  WHERE d.label IN ('Arterial Blood Pressure mean', 'Non Invasive Blood Pressure mean')
    AND ce.valuenum IS NOT NULL
    AND ce.charttime > setting.set_time
    AND ce.charttime <= setting.set_time + {{hours}} * INTERVAL '1 hour'
)
SELECT MIN(m.valuenum) AS lowest_map
FROM map_window m
HAVING COUNT(*) > 0
