-- Record noise: another continuous infusion given in other ICU stays but never in this one, one charted in the
-- question's rate unit (a vasopressor stated in mcg/kg/min stays a drug dosed so), stated with its own median
-- charted rate in that unit: the stated rate (3 decimals) names one row of the stay, so a twin keeping the Clean
-- rate was answered by the Clean row without the drug (55 of 56 correctable). A medication or fluid given as an
-- infusion: no oral intake, free water or "Solution".
SELECT d.itemid, d.label AS input_label,
       (SELECT CAST(ROUND(CAST(PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY e.rate) AS NUMERIC), 3) AS DOUBLE PRECISION)
        FROM mimiciv_icu.inputevents e WHERE e.itemid = d.itemid AND e.rateuom = {{rateuom}} AND e.rate > 0) AS rate
FROM mimiciv_icu.d_items d
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND d.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM mimiciv_icu.inputevents e
              WHERE e.itemid = d.itemid AND e.rateuom = {{rateuom}} AND e.rate > 0)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
  AND NOT
  -- include: fragments/input_given_elsewhere_in_stay.sql item=d.itemid stay={{stay_id}}
