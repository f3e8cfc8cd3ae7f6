-- Record noise: an ICU input of the same category given in other ICU stays that began in the same care unit but
-- never in this one (the unit's usual drugs and fluids that this stay did not receive). The (care unit, input) pairs
-- given are the same for every binding: a CTE, so a constant of the build (as a correlated EXISTS, PostgreSQL read
-- every administration of each candidate input per binding)
WITH unit_inputs AS (
  SELECT DISTINCT o.first_careunit, e.itemid
  FROM mimiciv_icu.inputevents e JOIN mimiciv_icu.icustays o ON o.stay_id = e.stay_id
)
SELECT d.itemid, d.label AS input_label
FROM mimiciv_icu.d_items d
JOIN mimiciv_icu.d_items d0 ON d0.itemid = {{itemid}} AND d0.category = d.category
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM unit_inputs u WHERE u.itemid = d.itemid AND u.first_careunit = {{careunit}})
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
  AND NOT
  -- include: fragments/input_given_elsewhere_in_stay.sql item=d.itemid stay={{stay_id}}
