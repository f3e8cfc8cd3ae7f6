-- Value noise: an amount unit other ICU inputs use, but not this item
SELECT i.amountuom AS unit
FROM (SELECT DISTINCT i0.amountuom FROM mimiciv_icu.inputevents i0) i
WHERE i.amountuom IS NOT NULL AND i.amountuom <> 'dose' AND i.amountuom <> {{unit}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents x WHERE x.itemid = {{itemid}} AND x.amountuom = i.amountuom)
