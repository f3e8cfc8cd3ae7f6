-- The query-noise candidates of a (group, insurance) stratum with no admission in it: the same group under another
-- Clean-sized insurance, or another Clean-sized group under the same insurance, with no admission in the CTE strata
-- and no pair in CTE by_title (both defined before it, with clean_sized); ends the query.
SELECT c.dx_group, c.insurance
FROM (SELECT {{dx_group}} AS dx_group, i.insurance
      FROM (SELECT DISTINCT cs.insurance FROM clean_sized cs) i
      WHERE i.insurance <> {{insurance}}
      UNION ALL
      SELECT g.dx_group, {{insurance}} AS insurance
      FROM (SELECT DISTINCT cs.dx_group FROM clean_sized cs) g
      WHERE g.dx_group <> {{dx_group}}) c
WHERE NOT EXISTS (SELECT 1 FROM strata s WHERE s.dx_group = c.dx_group AND s.insurance = c.insurance)
  AND NOT EXISTS (SELECT 1 FROM by_title bt WHERE bt.dx_group = c.dx_group AND bt.insurance = c.insurance)
