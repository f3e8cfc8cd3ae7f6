-- Value noise: an amount unit other ICU inputs use, but not this item, and of another dimension than the item's
-- unit (g/mg/mcg convert into each other, as do mL/L and mEq/mmol: a reader would convert, so such a twin would be
-- answerable)
SELECT i.amountuom AS unit
FROM (SELECT DISTINCT i0.amountuom FROM mimiciv_icu.inputevents i0) i
WHERE i.amountuom IS NOT NULL AND i.amountuom <> 'dose' AND i.amountuom <> {{unit}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents x WHERE x.itemid = {{itemid}} AND x.amountuom = i.amountuom)
  AND (CASE WHEN LOWER(i.amountuom) IN ('g', 'grams', 'mg', 'mcg', 'ug', 'kg') THEN 'mass'
            WHEN LOWER(i.amountuom) IN ('ml', 'l') THEN 'volume'
            WHEN LOWER(i.amountuom) IN ('meq', 'mmol') THEN 'amount'
            WHEN LOWER(i.amountuom) IN ('units', 'u', 'mu') THEN 'units'
            ELSE LOWER(i.amountuom) END)
   <> (CASE WHEN LOWER({{unit}}) IN ('g', 'grams', 'mg', 'mcg', 'ug', 'kg') THEN 'mass'
            WHEN LOWER({{unit}}) IN ('ml', 'l') THEN 'volume'
            WHEN LOWER({{unit}}) IN ('meq', 'mmol') THEN 'amount'
            WHEN LOWER({{unit}}) IN ('units', 'u', 'mu') THEN 'units'
            ELSE LOWER({{unit}}) END)
