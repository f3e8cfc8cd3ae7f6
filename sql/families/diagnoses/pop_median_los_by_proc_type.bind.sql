-- The cells (fragments/pop_median_los_by_proc_type_cells.sql: a procedure and an admission type with ≥ 5 discharged
-- admissions) matched for a swap (fragments/cross_pairs.sql): the cells that lend their type to another cell's
-- procedure lacking it (their record twin names that procedure); their value twin names the type of a cell that lends
-- it in a second matching among the Clean cells (salt s), their near miss the diagnosis of a Clean cell of the same
-- chapter (salt b, among the Clean cells): a swapped-in type or diagnosis is then one a Clean question names, lent
-- once. Only lenders are Clean: with the borrowers too, the types only borrowers have never occurred in a twin
-- (EMERGENCY ROOM: 24 Clean, 0 Noise in pop_mortality_by_dx_location). The twins then name the types and procedures the
-- Clean questions name at about the same rate (family AUROC 0.64-0.67 with ≤ 2 types per procedure and the twins' any
-- Clean procedure or type apart)
-- include: fragments/pop_median_los_by_proc_type_cells.sql
-- include: fragments/cross_pairs.sql m=ma salt=a x2=rg_s y2=rg_ps grp='' cells=rg_cell tiers=
, rg_used AS (
  SELECT DISTINCT p.rg_d, p.rg_s FROM ma_pair p
)
-- include: fragments/cross_pairs.sql m=ms salt=s x2=rg_s y2=rg_ps grp='' cells=rg_used tiers=
-- include: fragments/cross_twins.sql dx=ma stratum=ms
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, u.rg_s AS admission_type, u.twin_dx,
       u.twin_stratum
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_procedures t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
