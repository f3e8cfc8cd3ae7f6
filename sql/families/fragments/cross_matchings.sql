-- The three matchings of a population-by-diagnosis family's cells (fragments/cross_pairs.sql) and their slots
-- (fragments/cross_twins.sql): `ma` among all cells (its lenders, CTE rg_used, are the Clean cells and their
-- record twins), `ms` for the stratum twins and `mb` for the near-miss diagnoses (within one ICD category), drawn
-- among the cells `stratum_cells` and `near_cells` (rg_used: the Clean cells only; rg_cell: all, where the Clean
-- cells alone leave a family under the operator floor). Needs CTE rg_cell; ends with CTE rg_twin.
-- Holes: stratum_cells, near_cells; lend_key, borrow_key (rg_s, rg_ps: each cell lends and borrows once in `ma`;
-- rg_d, rg_pd: each diagnosis, where a diagnosis has several cells that each borrowed, naming it up to 3 times in
-- Noise and never in Clean: pop_mean_by_diagnosis, 8 such diagnoses, family AUROC 0.73).
-- include: fragments/cross_tiers.sql
-- include: fragments/cross_pairs.sql m=ma salt=a x2=${lend_key} y2=${borrow_key} grp=t.rg_dt cells=rg_cell \
--   tiers="LEFT JOIN rg_tier t ON t.rg_d = c.rg_d AND t.rg_s = c.rg_s"
, rg_used AS (
  SELECT DISTINCT p.rg_d, p.rg_s FROM ma_pair p
)
-- include: fragments/cross_pairs.sql m=ms salt=s x2=rg_s y2=rg_ps grp='' cells=${stratum_cells} tiers=
-- include: fragments/cross_pairs.sql m=mb salt=b x2=rg_s y2=rg_ps grp=SUBSTRING(c.rg_d,1,3) cells=${near_cells} \
--   tiers=
-- include: fragments/cross_twins.sql dx=ma stratum=ms
