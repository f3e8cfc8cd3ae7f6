-- Record noise: a continuous infusion charted in the question's rate unit in other ICU stays that began in the same
-- care unit, but never in this one (the unit's usual drips that this stay did not need), stated with its own median
-- charted rate in that unit (the Clean rate names one row of the stay: see noise_infusion_not_in_stay_same_rate_unit)
-- (a medication or fluid given as an infusion: no oral intake, free water or "Solution")
WITH unit_rates AS (
  -- include: fragments/infusion_unit_rates.sql
), unit_care AS (  -- the care units whose stays were charted each input in each rate unit (no slot: computed once)
  SELECT DISTINCT e.itemid, e.rateuom, o.first_careunit
  FROM mimiciv_icu.inputevents e
  JOIN mimiciv_icu.icustays o ON o.stay_id = e.stay_id
  WHERE e.rate > 0 AND e.rateuom IS NOT NULL
)
SELECT d.itemid, d.label AS input_label, u.rate
FROM mimiciv_icu.d_items d
JOIN unit_rates u ON u.itemid = d.itemid AND u.rateuom = {{rateuom}}
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM unit_care c
              WHERE c.itemid = d.itemid AND c.rateuom = {{rateuom}} AND c.first_careunit = {{careunit}})
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
  AND NOT
  -- include: fragments/input_given_elsewhere_in_stay.sql item=d.itemid stay={{stay_id}}
