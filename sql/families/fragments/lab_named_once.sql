-- Keeps lab items that label, fluid and category name unambiguously (one d_labitems row): a WHERE/AND clause.
-- Holes: kw (WHERE or AND), alias (the d_labitems row's alias in the including query).
  ${kw} ${alias}.label || '|' || ${alias}.fluid || '|' || ${alias}.category IN (
      SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
      GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
