-- The three matchings of a population-by-diagnosis family's cells (fragments/cross_pairs.sql) and their slots
-- (fragments/cross_twins.sql): `ma` among all cells (its lenders, CTE rg_used, are the Clean cells and their
-- record twins), `ms` for the stratum twins and `mb` for the near-miss diagnoses (within one ICD category), drawn
-- among the cells `stratum_cells` and `near_cells` (rg_used: the Clean cells only; rg_cell: all, where the Clean
-- cells alone leave a family under the operator floor). Needs CTE rg_cell; ends with CTE rg_twin.
-- Holes: stratum_cells, near_cells.
-- include: fragments/cross_pairs.sql m=ma salt=a grp='' cells=rg_cell
, rg_used AS (
  SELECT DISTINCT p.rg_d, p.rg_s FROM ma_pair p
)
-- include: fragments/cross_pairs.sql m=ms salt=s grp='' cells=${stratum_cells}
-- include: fragments/cross_pairs.sql m=mb salt=b grp=SUBSTRING(c.rg_d,1,3) cells=${near_cells}
-- include: fragments/cross_twins.sql dx=ma stratum=ms
