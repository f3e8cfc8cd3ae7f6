-- Value noise: an amount unit other ICU inputs use, but not this item
SELECT DISTINCT i.amountuom AS unit
FROM mimiciv_icu.inputevents i
WHERE i.amountuom IS NOT NULL AND i.amountuom <> 'dose' AND i.amountuom <> {{unit}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents x WHERE x.itemid = {{itemid}} AND x.amountuom = i.amountuom)
