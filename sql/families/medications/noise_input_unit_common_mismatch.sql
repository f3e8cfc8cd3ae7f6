-- Value noise: another unit the family's Clean questions use, of another dimension than the item's unit (g/mg/mcg
-- convert into each other, as do mL/L, and mEq into a mass for an electrolyte: a reader would convert, so such a
-- twin would be answerable) and never charted for the item, as its amount or as its total amount (every input's
-- bag volume is charted in mL as its total amount, so no twin may ask in mL: the total would answer it).
--   dims   each Clean unit with its dimension and its number of Clean bindings (dim_n: of its dimension)
--   flows  why not every binding gets this twin: a twin swaps one unit out and another in, and the Noise names units
--          at the Clean questions' rate only if each dimension is swapped in about as often as out. mL is never
--          swapped in, so an mL item gets no unit twin (its twins are the query ones, which keep or change its unit
--          with the input); a mass item can only go to units (mEq converts), so only the share of mass bindings that
--          units bindings balance ((units − mEq) over mass Clean bindings, by a hash of the binding: mEq items also
--          go to units) get it; a units item goes
--          to a mass unit or mEq, an mEq item to units. (mg or mL for every binding put mg in 32 Noise questions
--          against 13 Clean; mass for every mL item, units for every mass item, units in 21 against 9.)
--   w      within what a binding may swap to, each unit's weight is its Clean count over the bindings that could
--          swap to it. The pick: the smallest -ln(u)/w (Efraimidis-Spirakis) with u from the md5 of the Clean slots
--          and the unit: deterministic, the same on DuckDB and PostgreSQL
-- include: fragments/careunit_input_bindings.sql
), dims AS (
  SELECT c.unit, MIN(CASE WHEN LOWER(c.unit) IN ('g', 'grams', 'mg', 'mcg', 'ug', 'kg') THEN 'mass'
                          WHEN LOWER(c.unit) IN ('ml', 'l') THEN 'volume' ELSE LOWER(c.unit) END) AS dim,
         COUNT(*) AS n
  FROM clean c
  GROUP BY c.unit
), dim_n AS (
  SELECT d.dim, SUM(d.n) AS n FROM dims d GROUP BY d.dim
), flows(from_dim, to_dim) AS (VALUES ('mass', 'units'), ('units', 'mass'), ('units', 'meq'), ('meq', 'units'))
, apart AS (
  SELECT da.unit AS from_unit, db.unit AS to_unit
  FROM dims da
  JOIN flows f ON f.from_dim = da.dim
  JOIN dims db ON db.dim = f.to_dim
), w AS (
  SELECT db.unit, CAST(MAX(db.n) AS DOUBLE PRECISION) / SUM(da.n) AS w
  FROM apart p
  JOIN dims da ON da.unit = p.from_unit
  JOIN dims db ON db.unit = p.to_unit
  GROUP BY db.unit
), share AS (
  SELECT CASE WHEN (SELECT d.dim FROM dims d WHERE d.unit = {{unit}}) = 'mass'
              THEN CAST(COALESCE((SELECT u.n FROM dim_n u WHERE u.dim = 'units'), 0)
                        - COALESCE((SELECT e.n FROM dim_n e WHERE e.dim = 'meq'), 0) AS DOUBLE PRECISION)
                   / (SELECT m.n FROM dim_n m WHERE m.dim = 'mass')
              ELSE 1.0 END AS f,
         MD5('share|' || {{careunit}} || '|' || CAST({{itemid}} AS TEXT)) AS h
), cand AS (
  SELECT w.unit, w.w, MD5({{careunit}} || '|' || CAST({{itemid}} AS TEXT) || '|' || w.unit) AS h
  FROM w
  JOIN apart p ON p.to_unit = w.unit AND p.from_unit = {{unit}}
  CROSS JOIN share sh
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents x
                    WHERE x.itemid = {{itemid}} AND (x.amountuom = w.unit OR x.totalamountuom = w.unit))
    AND ((STRPOS('0123456789abcdef', SUBSTR(sh.h, 1, 1)) - 1) * 256
         + (STRPOS('0123456789abcdef', SUBSTR(sh.h, 2, 1)) - 1) * 16
         + (STRPOS('0123456789abcdef', SUBSTR(sh.h, 3, 1)) - 1) + 0.5) / 4096.0 < sh.f
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
