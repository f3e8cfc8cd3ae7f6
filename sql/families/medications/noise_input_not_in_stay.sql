-- Record noise: an ICU input of the same category given in other stays but never in this one (a medication or fluid
-- given as an infusion or bolus: no oral intake, free water or "Solution")
SELECT d.itemid, d.label AS input_label
FROM mimiciv_icu.d_items d
JOIN mimiciv_icu.d_items d0 ON d0.itemid = {{itemid}} AND d0.category = d.category
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM mimiciv_icu.inputevents e WHERE e.itemid = d.itemid)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
  AND NOT
  -- include: fragments/input_given_elsewhere_in_stay.sql item=d.itemid stay={{stay_id}}
