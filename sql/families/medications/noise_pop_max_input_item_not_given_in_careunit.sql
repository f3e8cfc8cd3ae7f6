-- Query noise: another ICU input of the family's Clean bindings (in its own unit: match_clean), that no ICU stay
-- starting in this care unit received (the CVICU's valve-surgery patients get no sepsis fluids, the Neuro SICU's
-- stroke patients no infarction heparin): the care unit and the input both exist, but the stays the maximum is taken
-- over do not.
--   given  (care unit, input) pairs some stay starting in the unit received
--   items  the Clean inputs some Clean care unit never gave: the only ones a twin can swap in (a uniform pick over
--          them named LR in 8 Noise questions against 1 Clean)
--   w      each input's weight is its number of Clean bindings over the Clean bindings that could swap to it, so the
--          Noise names inputs at the rate the Clean questions do as far as the few allow (the entity-ratio balance of
--          the noise step caps the rest; letting only bindings of those few inputs swap left 1 twin of 34, under
--          the operator floor). The pick: the smallest -ln(u)/w (Efraimidis-Spirakis) with u from the md5 of the
--          Clean slots and the input: deterministic, the same on DuckDB and PostgreSQL
-- include: fragments/careunit_input_bindings.sql
), given AS (
  SELECT DISTINCT s.first_careunit AS careunit, i.itemid
  FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
  WHERE i.amount IS NOT NULL
), items AS (
  SELECT c.itemid, MIN(c.input_label) AS input_label, MIN(c.unit) AS unit, COUNT(*) AS n
  FROM clean c
  WHERE EXISTS (SELECT 1 FROM clean c2
                WHERE NOT EXISTS (SELECT 1 FROM given g WHERE g.careunit = c2.careunit AND g.itemid = c.itemid))
  GROUP BY c.itemid
), w AS (
  SELECT it.itemid, CAST(MAX(it.n) AS DOUBLE PRECISION) / COUNT(*) AS w
  FROM items it
  JOIN clean c ON c.itemid <> it.itemid
  WHERE NOT EXISTS (SELECT 1 FROM given g WHERE g.careunit = c.careunit AND g.itemid = it.itemid)
  GROUP BY it.itemid
), cand AS (
  SELECT it.itemid, it.input_label, it.unit, w.w,
         MD5({{careunit}} || '|' || CAST({{itemid}} AS TEXT) || '|' || CAST(it.itemid AS TEXT)) AS h
  FROM items it
  JOIN w ON w.itemid = it.itemid
  WHERE it.itemid <> {{itemid}}
    AND NOT EXISTS (SELECT 1 FROM given g WHERE g.careunit = {{careunit}} AND g.itemid = it.itemid)
), keyed AS (
  SELECT c.itemid, c.input_label, c.unit,
         -LN(((STRPOS('0123456789abcdef', SUBSTR(c.h, 1, 1)) - 1) * 256
              + (STRPOS('0123456789abcdef', SUBSTR(c.h, 2, 1)) - 1) * 16
              + (STRPOS('0123456789abcdef', SUBSTR(c.h, 3, 1)) - 1) + 0.5) / 4096.0) / c.w AS k
  FROM cand c
)
SELECT ky.itemid, ky.input_label, ky.unit
FROM keyed ky
WHERE ky.k = (SELECT MIN(k2.k) FROM keyed k2)
