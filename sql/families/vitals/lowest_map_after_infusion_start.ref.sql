-- Lowest mean arterial pressure in the N hours after an ICU infusion was first started (haemodynamic response to
-- a vasopressor or sedative drip). MAP counts invasive and non-invasive readings alike.
--   stay       the patient's ICU stay, checked against the unit it started in
--   drip       first start of the infusion in the stay (item named by its label)
--   map_window MAP readings charted after that start and within the stated number of hours
WITH stay AS (
  SELECT s.stay_id
  FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.subject_id = {{subject_id}} AND s.first_careunit = {{careunit}}
), drip AS (
  SELECT MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  JOIN stay ON stay.stay_id = i.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE i.itemid = {{itemid}} AND d.label = {{input_label}}
), map_window AS (
  SELECT ce.valuenum
  FROM mimiciv_icu.chartevents ce
  JOIN stay ON stay.stay_id = ce.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = ce.itemid
  CROSS JOIN drip
  WHERE d.label IN ('Arterial Blood Pressure mean', 'Non Invasive Blood Pressure mean')
    AND ce.valuenum IS NOT NULL
    AND ce.charttime > drip.first_start
    AND ce.charttime <= drip.first_start + {{hours}} * INTERVAL '1 hour'
)
SELECT MIN(m.valuenum) AS lowest_map
FROM map_window m
HAVING COUNT(*) > 0
