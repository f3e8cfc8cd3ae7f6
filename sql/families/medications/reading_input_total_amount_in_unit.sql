-- Reading: an amount asked in a unit is answerable from the infusion's total amount when that is recorded in the
-- unit (a bag of drug in mL), or from the amount in a unit of the same dimension (g/mg/mcg, mL/L) after conversion
SELECT MAX(v.amount) AS max_amount
FROM (
  SELECT i.totalamount AS amount
  FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
  WHERE s.first_careunit = {{careunit}} AND i.itemid = {{itemid}} AND i.totalamountuom = {{unit}}
  UNION ALL
  SELECT i.amount
  FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
  WHERE s.first_careunit = {{careunit}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL
    AND ((LOWER(i.amountuom) IN ('g', 'grams', 'mg', 'mcg') AND LOWER({{unit}}) IN ('g', 'grams', 'mg', 'mcg'))
         OR (LOWER(i.amountuom) IN ('ml', 'l') AND LOWER({{unit}}) IN ('ml', 'l')))
) v
HAVING MAX(v.amount) IS NOT NULL
