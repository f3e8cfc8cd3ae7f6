-- Record noise: another continuous infusion given in other ICU stays but never in this one, one charted in the
-- question's rate unit (a vasopressor stated in mcg/kg/min stays a drug dosed so), stated with its own median
-- charted rate in that unit: the stated rate (3 decimals) names one row of the stay, so a twin keeping the Clean
-- rate was answered by the Clean row without the drug (55 of 56 correctable). A medication or fluid given as an
-- infusion: no oral intake, free water or "Solution".
WITH unit_rates AS (
  -- include: fragments/infusion_unit_rates.sql
)
SELECT d.itemid, d.label AS input_label, u.rate
FROM mimiciv_icu.d_items d
JOIN unit_rates u ON u.itemid = d.itemid AND u.rateuom = {{rateuom}}
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
  AND NOT
  -- include: fragments/input_given_elsewhere_in_stay.sql item=d.itemid stay={{stay_id}}
