-- Record noise: another continuous infusion given in other ICU stays but never in this one (a medication or fluid
-- given as an infusion: no oral intake, free water or "Solution")
SELECT d.itemid, d.label AS input_label
FROM mimiciv_icu.d_items d
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM mimiciv_icu.inputevents e WHERE e.itemid = d.itemid AND e.rate IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
  AND NOT
  -- include: fragments/input_given_elsewhere_in_stay.sql item=d.itemid stay={{stay_id}}
