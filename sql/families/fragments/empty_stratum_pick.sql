-- The weighted pick of an empty (diagnosis group, stratum value) cohort for a Noise twin, after CTEs clean_sized
-- (dx_group, <stratum>: the family's Clean strata) and present (dx_group, <stratum>: the pairs any reading finds a
-- cohort in); ends the query with one row (or none). Included by fragments/empty_stratum_twins.sql and by families
-- whose cohort is not a plain admissions filter (the readmission index cohort).
-- Holes: stratum (the column and its slot), swap (`stratum`: the stratum value changes (value level); `group`: the
-- diagnosis group (record level); `both`: both (query level)).
--   empty        (Clean group, Clean value) pairs absent from present and not clinically implausible
--                (fragments/implausible_group_strata.sql: empty for a reason a clinician knows, a tell)
--   val_w/grp_w  why the pick is weighted: empty strata are mostly those of rare values, so a uniform pick names rare
--                values in Noise far more often than Clean questions do (the question-only classifier separated such
--                families at AUROC 0.86-1.00). Each value's (group's) weight is its number of Clean strata over the
--                Clean bindings that could swap to it, so the Noise's values follow the Clean ones
--   cand         this binding's candidates, only when what the twin swaps out is itself a value (group) of some
--                empty stratum: empty strata are few (rare groups, rare values), and a twin that swapped a common
--                value for a rare one would name rare values in Noise only (the classifier separated the families at
-- AUROC 0.93-1.00 without this); so Clean and Noise draw on the same few. The pick: the smallest -ln(u)/w (weighted
-- sampling, Efraimidis-Spirakis)
--                with u from the md5 of the Clean and the candidate values: deterministic, the same on DuckDB and
--                PostgreSQL
), empty AS (
  SELECT g.dx_group, v.${stratum}
  FROM (SELECT DISTINCT cs.dx_group FROM clean_sized cs) g
  CROSS JOIN (SELECT DISTINCT cs.${stratum} FROM clean_sized cs) v
  WHERE NOT EXISTS (SELECT 1 FROM present p WHERE p.dx_group = g.dx_group AND p.${stratum} = v.${stratum})
    AND NOT EXISTS (SELECT 1 FROM (VALUES
    -- include: fragments/implausible_group_strata.sql
    ) AS i (dx_group, stratum_value) WHERE i.dx_group = g.dx_group AND i.stratum_value = v.${stratum})
), grp_n AS (
  SELECT cs.dx_group, COUNT(*) AS n FROM clean_sized cs GROUP BY cs.dx_group
), val_n AS (
  SELECT cs.${stratum}, COUNT(*) AS n FROM clean_sized cs GROUP BY cs.${stratum}
), val_w AS (
  SELECT e.${stratum}, CAST(MAX(vn.n) AS DOUBLE PRECISION) / SUM(gn.n) AS w
  FROM empty e
  JOIN grp_n gn ON gn.dx_group = e.dx_group
  JOIN val_n vn ON vn.${stratum} = e.${stratum}
  GROUP BY e.${stratum}
), grp_w AS (
  SELECT e.dx_group, CAST(MAX(gn.n) AS DOUBLE PRECISION) / SUM(vn.n) AS w
  FROM empty e
  JOIN grp_n gn ON gn.dx_group = e.dx_group
  JOIN val_n vn ON vn.${stratum} = e.${stratum}
  GROUP BY e.dx_group
), cand AS (
  SELECT e.dx_group, e.${stratum},
         CASE '${swap}' WHEN 'stratum' THEN vw.w WHEN 'group' THEN gw.w ELSE vw.w * gw.w END AS w,
         MD5({{dx_group}} || '|' || {{${stratum}}} || '|' || e.dx_group || '|' || e.${stratum}) AS h
  FROM empty e
  JOIN val_w vw ON vw.${stratum} = e.${stratum}
  JOIN grp_w gw ON gw.dx_group = e.dx_group
  WHERE CASE '${swap}'
          WHEN 'stratum' THEN e.dx_group = {{dx_group}} AND e.${stratum} <> {{${stratum}}}
            AND {{${stratum}}} IN (SELECT e2.${stratum} FROM empty e2)
          WHEN 'group' THEN e.dx_group <> {{dx_group}} AND e.${stratum} = {{${stratum}}}
            AND {{dx_group}} IN (SELECT e2.dx_group FROM empty e2)
          ELSE e.dx_group <> {{dx_group}} AND e.${stratum} <> {{${stratum}}}
            AND {{dx_group}} IN (SELECT e2.dx_group FROM empty e2)
            AND {{${stratum}}} IN (SELECT e2.${stratum} FROM empty e2) END
), keyed AS (
  SELECT c.dx_group, c.${stratum},
         -LN(((STRPOS('0123456789abcdef', SUBSTR(c.h, 1, 1)) - 1) * 256
              + (STRPOS('0123456789abcdef', SUBSTR(c.h, 2, 1)) - 1) * 16
              + (STRPOS('0123456789abcdef', SUBSTR(c.h, 3, 1)) - 1) + 0.5) / 4096.0) / c.w AS k
  FROM cand c
)
SELECT ky.dx_group, ky.${stratum}
FROM keyed ky
WHERE ky.k = (SELECT MIN(k2.k) FROM keyed k2)
