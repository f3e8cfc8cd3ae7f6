-- Record noise: a continuous infusion charted in the question's rate unit in other ICU stays that began in the same
-- care unit, but never in this one (the unit's usual drips that this stay did not need), stated with its own median
-- charted rate in that unit (the Clean rate names one row of the stay: see noise_infusion_not_in_stay_same_rate_unit)
-- (a medication or fluid given as an infusion: no oral intake, free water or "Solution")
SELECT d.itemid, d.label AS input_label,
       (SELECT CAST(ROUND(CAST(PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY e.rate) AS NUMERIC), 3) AS DOUBLE PRECISION)
        FROM mimiciv_icu.inputevents e WHERE e.itemid = d.itemid AND e.rateuom = {{rateuom}} AND e.rate > 0) AS rate
FROM mimiciv_icu.d_items d
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM mimiciv_icu.inputevents e
              JOIN mimiciv_icu.icustays o ON o.stay_id = e.stay_id
              WHERE e.itemid = d.itemid AND e.rateuom = {{rateuom}} AND e.rate > 0
                AND o.first_careunit = {{careunit}})
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
  AND NOT
  -- include: fragments/input_given_elsewhere_in_stay.sql item=d.itemid stay={{stay_id}}
