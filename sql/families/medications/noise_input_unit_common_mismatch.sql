-- Value noise: mg or mL (the two units most Clean questions of the family use, so the unit says nothing by itself),
-- whichever the item is never charted in and is of another dimension than its unit (g/mg/mcg convert into each other,
-- as do mL/L: a reader would convert, so such a twin would be answerable)
SELECT u.unit
FROM (VALUES ('mg', 'mass'), ('mL', 'volume')) AS u(unit, dim)
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents x WHERE x.itemid = {{itemid}} AND x.amountuom = u.unit)
  AND u.dim <> (CASE WHEN LOWER({{unit}}) IN ('g', 'grams', 'mg', 'mcg', 'ug', 'kg') THEN 'mass'
                     WHEN LOWER({{unit}}) IN ('ml', 'l') THEN 'volume'
                     ELSE LOWER({{unit}}) END)
