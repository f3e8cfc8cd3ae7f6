-- Each Clean cell's partners in the matchings of fragments/cross_pairs.sql, as the binding's slots: twin_dx, the
-- diagnosis of the cell that borrowed this cell's stratum in matching ${dx} (the record twin names it), and
-- twin_stratum, the stratum of the cell that lent this cell its diagnosis in matching ${stratum} (the value twin names
-- it); '' where the cell has no such partner (a slot is never NULL: bindings with a NULL slot are dropped). A matching
-- gives each cell at most one of each, so every cell keeps one row. Needs CTE rg_used(rg_d, rg_s) (the Clean cells)
-- and the matchings' CTEs; adds CTE rg_twin(rg_d, rg_s, twin_dx, twin_stratum), closed. Holes: dx, stratum.
, rg_twin AS (
  SELECT u.rg_d, u.rg_s, COALESCE(l.rg_pd, '') AS twin_dx, COALESCE(r.rg_s, '') AS twin_stratum
  FROM rg_used u
  LEFT JOIN ${dx}_pair l ON l.rg_d = u.rg_d AND l.rg_s = u.rg_s
  LEFT JOIN ${stratum}_pair r ON r.rg_pd = u.rg_d AND r.rg_ps = u.rg_s
)
