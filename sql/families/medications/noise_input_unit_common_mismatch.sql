-- Value noise: another unit the family's Clean questions use, of another dimension than the item's unit (g/mg/mcg
-- convert into each other, as do mL/L, and mEq into a mass for an electrolyte: a reader would convert, so such a
-- twin would be answerable) and never charted for the item.
--   dims   each Clean unit with its dimension and its number of Clean bindings
--   w      why the pick is weighted: mg or mL alone (the former candidates) put mg in 32 Noise questions against 13
--          Clean; each unit's weight is its Clean count over the Clean bindings that could swap to it, so the Noise
--          names units at the rate the Clean questions do. The pick: the smallest -ln(u)/w (Efraimidis-Spirakis)
--          with u from the md5 of the Clean slots and the unit: deterministic, the same on DuckDB and PostgreSQL
-- include: fragments/careunit_input_bindings.sql
), dims AS (
  SELECT c.unit, MIN(CASE WHEN LOWER(c.unit) IN ('g', 'grams', 'mg', 'mcg', 'ug', 'kg') THEN 'mass'
                          WHEN LOWER(c.unit) IN ('ml', 'l') THEN 'volume' ELSE LOWER(c.unit) END) AS dim,
         COUNT(*) AS n
  FROM clean c
  GROUP BY c.unit
), apart AS (
  SELECT a.unit AS from_unit, b.unit AS to_unit
  FROM dims a
  JOIN dims b ON b.dim <> a.dim AND NOT (a.dim IN ('mass', 'meq') AND b.dim IN ('mass', 'meq'))
), w AS (
  SELECT b.unit, CAST(MAX(b.n) AS DOUBLE PRECISION) / SUM(a.n) AS w
  FROM apart p
  JOIN dims a ON a.unit = p.from_unit
  JOIN dims b ON b.unit = p.to_unit
  GROUP BY b.unit
), cand AS (
  SELECT w.unit, w.w, MD5({{careunit}} || '|' || CAST({{itemid}} AS TEXT) || '|' || w.unit) AS h
  FROM w
  JOIN apart p ON p.to_unit = w.unit AND p.from_unit = {{unit}}
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents x WHERE x.itemid = {{itemid}} AND x.amountuom = w.unit)
), keyed AS (
  SELECT c.unit,
         -LN(((STRPOS('0123456789abcdef', SUBSTR(c.h, 1, 1)) - 1) * 256
              + (STRPOS('0123456789abcdef', SUBSTR(c.h, 2, 1)) - 1) * 16
              + (STRPOS('0123456789abcdef', SUBSTR(c.h, 3, 1)) - 1) + 0.5) / 4096.0) / c.w AS k
  FROM cand c
)
SELECT ky.unit
FROM keyed ky
WHERE ky.k = (SELECT MIN(k2.k) FROM keyed k2)
