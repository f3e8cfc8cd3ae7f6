-- Record noise: a continuous infusion given in other ICU stays that began in the same care unit but never in this
-- one (the unit's usual drips, e.g. a vasopressor in a cardiac unit, that this stay did not need)
SELECT d.itemid, d.label AS input_label
FROM mimiciv_icu.d_items d
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM mimiciv_icu.inputevents e
              JOIN mimiciv_icu.icustays o ON o.stay_id = e.stay_id
              WHERE e.itemid = d.itemid AND e.rate IS NOT NULL AND o.first_careunit = {{careunit}})
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
