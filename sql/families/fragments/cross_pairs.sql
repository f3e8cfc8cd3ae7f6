-- Matched swaps among a population-by-criteria family's cells (issue 21 item 5: the twins' entities drawn from the
-- Clean distribution). A cell is a (diagnosis, stratum) cohort; a cell i may lend its stratum to a cell j (and j its
-- diagnosis to i) when j's diagnosis lacks i's stratum: the twin (d_j, s_i) is then i's record twin (the diagnosis
-- swapped) and j's value twin (the stratum swapped). Each cell lends and borrows at most once (a matching), so the
-- twins name each diagnosis and stratum about as often as the Clean cells do, where "any diagnosis that lacks the
-- stratum" named the few narrow diagnoses over and over. Cells are put in a seeded md5 order within each group `grp`
-- (an expression of the cell c: '' for one group) and cut in blocks of 512 (linear work); an edge is kept when it is
-- both the least-md5 edge out of i and into j among the cells not yet matched, in 5 rounds (one matched 22 of 79).
-- Needs CTEs ${cells}(rg_d, rg_s) (the cells to match, text keys: the family's cells, or only its Clean ones so that
-- every twin names a Clean cell's entity) and rg_have(rg_d, rg_s) (every combination whose cohort is non-empty),
-- closed; a cell's diagnosis also occurs with another stratum (so the stratum selects: else the value twin is answered
-- by dropping it) and lacks some cell's stratum (only such diagnoses can be swapped in: with every cell, the twins
-- named only them and the Clean questions also the diagnoses every stratum has, AUROC 0.76 in pop_mortality_by_dx_age).
-- Adds CTEs named ${m}_… and ends with CTE ${m}_pair(rg_d, rg_s, rg_pd, rg_ps) (cell i, cell j), closed; a query can
-- hold several matchings (each its own m). Computed once, in the family's binding query, which carries each cell's
-- partners as slots (fragments/cross_twins.sql): a noise candidate query that matched again for every chunk of bindings
-- made the noise step 4-7 times slower. (Only mutual swaps, each cell's diagnosis lacking the other's stratum too,
-- would balance every entity whatever twin a pair takes, but matched 2 of 385 cells in pop_mean_by_diagnosis.) Needs
-- CTE rg_tier (fragments/cross_tiers.sql) where `tiers` joins it as t, so that `grp` may read a cell's tiers as t.rg_dt
-- / t.rg_st and lender and borrower lack alike. Holes: m, salt, grp, cells, tiers (the join, or nothing); x2, y2 (what
-- lends and borrows once: rg_s, rg_ps for each cell; rg_d, rg_pd for each diagnosis).
, ${m}_strata AS (
  SELECT DISTINCT c2.rg_s FROM ${cells} c2
), ${m}_have AS (
  -- per diagnosis: how many strata it occurs with, one of them, and how many of the cells' strata it has. Grouped once:
  -- as EXISTS per cell (and NOT EXISTS per cell and stratum) PostgreSQL scanned rg_have for each
  SELECT h.rg_d, COUNT(DISTINCT h.rg_s) AS rg_n, MIN(h.rg_s) AS rg_one, COUNT(DISTINCT s.rg_s) AS rg_ncell
  FROM rg_have h
  LEFT JOIN ${m}_strata s ON s.rg_s = h.rg_s
  GROUP BY h.rg_d
), ${m}_ord AS (
  SELECT c.rg_d, c.rg_s, ${grp} AS rg_g,
         FLOOR((ROW_NUMBER() OVER (PARTITION BY ${grp} ORDER BY MD5('${salt}|' || c.rg_d || '|' || c.rg_s),
                                   c.rg_d, c.rg_s) - 1) / 512.0) AS rg_b
  FROM (SELECT DISTINCT k.rg_d, k.rg_s FROM ${cells} k) c
  JOIN ${m}_have hv ON hv.rg_d = c.rg_d
  ${tiers}
  WHERE (hv.rg_n >= 2 OR hv.rg_one <> c.rg_s)
    AND hv.rg_ncell < (SELECT COUNT(*) FROM ${m}_strata)
), ${m}_edge AS (
  SELECT x.rg_d, x.rg_s, y.rg_d AS rg_pd, y.rg_s AS rg_ps,
         MD5('${salt}|' || x.rg_d || '|' || x.rg_s || '|' || y.rg_d || '|' || y.rg_s) AS rg_h
  FROM ${m}_ord x JOIN ${m}_ord y ON y.rg_g = x.rg_g AND y.rg_b = x.rg_b
  WHERE x.rg_d <> y.rg_d AND x.rg_s <> y.rg_s
    AND NOT EXISTS (SELECT 1 FROM rg_have h WHERE h.rg_d = y.rg_d AND h.rg_s = x.rg_s)
), ${m}_b1 AS (
  SELECT e.*, ROW_NUMBER() OVER (PARTITION BY e.rg_d, e.${x2} ORDER BY e.rg_h, e.rg_pd, e.rg_ps) AS rg_out,
         ROW_NUMBER() OVER (PARTITION BY e.rg_pd, e.${y2} ORDER BY e.rg_h, e.rg_d, e.rg_s) AS rg_in
  FROM ${m}_edge e
), ${m}_u1 AS (
  SELECT w.rg_d, w.rg_s, w.rg_pd, w.rg_ps FROM ${m}_b1 w WHERE w.rg_out = 1 AND w.rg_in = 1
), ${m}_b2 AS (
  SELECT e.*, ROW_NUMBER() OVER (PARTITION BY e.rg_d, e.${x2} ORDER BY e.rg_h, e.rg_pd, e.rg_ps) AS rg_out,
         ROW_NUMBER() OVER (PARTITION BY e.rg_pd, e.${y2} ORDER BY e.rg_h, e.rg_d, e.rg_s) AS rg_in
  FROM ${m}_edge e
  WHERE NOT EXISTS (SELECT 1 FROM ${m}_u1 m WHERE m.rg_d = e.rg_d AND m.${x2} = e.${x2})
    AND NOT EXISTS (SELECT 1 FROM ${m}_u1 m WHERE m.rg_pd = e.rg_pd AND m.${y2} = e.${y2})
), ${m}_u2 AS (
  SELECT * FROM ${m}_u1
  UNION ALL
  SELECT w.rg_d, w.rg_s, w.rg_pd, w.rg_ps FROM ${m}_b2 w WHERE w.rg_out = 1 AND w.rg_in = 1
), ${m}_b3 AS (
  SELECT e.*, ROW_NUMBER() OVER (PARTITION BY e.rg_d, e.${x2} ORDER BY e.rg_h, e.rg_pd, e.rg_ps) AS rg_out,
         ROW_NUMBER() OVER (PARTITION BY e.rg_pd, e.${y2} ORDER BY e.rg_h, e.rg_d, e.rg_s) AS rg_in
  FROM ${m}_edge e
  WHERE NOT EXISTS (SELECT 1 FROM ${m}_u2 m WHERE m.rg_d = e.rg_d AND m.${x2} = e.${x2})
    AND NOT EXISTS (SELECT 1 FROM ${m}_u2 m WHERE m.rg_pd = e.rg_pd AND m.${y2} = e.${y2})
), ${m}_u3 AS (
  SELECT * FROM ${m}_u2
  UNION ALL
  SELECT w.rg_d, w.rg_s, w.rg_pd, w.rg_ps FROM ${m}_b3 w WHERE w.rg_out = 1 AND w.rg_in = 1
), ${m}_b4 AS (
  SELECT e.*, ROW_NUMBER() OVER (PARTITION BY e.rg_d, e.${x2} ORDER BY e.rg_h, e.rg_pd, e.rg_ps) AS rg_out,
         ROW_NUMBER() OVER (PARTITION BY e.rg_pd, e.${y2} ORDER BY e.rg_h, e.rg_d, e.rg_s) AS rg_in
  FROM ${m}_edge e
  WHERE NOT EXISTS (SELECT 1 FROM ${m}_u3 m WHERE m.rg_d = e.rg_d AND m.${x2} = e.${x2})
    AND NOT EXISTS (SELECT 1 FROM ${m}_u3 m WHERE m.rg_pd = e.rg_pd AND m.${y2} = e.${y2})
), ${m}_u4 AS (
  SELECT * FROM ${m}_u3
  UNION ALL
  SELECT w.rg_d, w.rg_s, w.rg_pd, w.rg_ps FROM ${m}_b4 w WHERE w.rg_out = 1 AND w.rg_in = 1
), ${m}_b5 AS (
  SELECT e.*, ROW_NUMBER() OVER (PARTITION BY e.rg_d, e.${x2} ORDER BY e.rg_h, e.rg_pd, e.rg_ps) AS rg_out,
         ROW_NUMBER() OVER (PARTITION BY e.rg_pd, e.${y2} ORDER BY e.rg_h, e.rg_d, e.rg_s) AS rg_in
  FROM ${m}_edge e
  WHERE NOT EXISTS (SELECT 1 FROM ${m}_u4 m WHERE m.rg_d = e.rg_d AND m.${x2} = e.${x2})
    AND NOT EXISTS (SELECT 1 FROM ${m}_u4 m WHERE m.rg_pd = e.rg_pd AND m.${y2} = e.${y2})
), ${m}_u5 AS (
  SELECT * FROM ${m}_u4
  UNION ALL
  SELECT w.rg_d, w.rg_s, w.rg_pd, w.rg_ps FROM ${m}_b5 w WHERE w.rg_out = 1 AND w.rg_in = 1
), ${m}_pair AS (
  SELECT * FROM ${m}_u5
)
