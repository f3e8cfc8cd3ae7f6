-- Value noise: the unit of the cell that lent this cell's diagnosis for a swap (a second matching, salt b: this cell
-- lends its unit in the first) (fragments/pop_mean_by_dx_careunit_cells.sql, fragments/cross_pairs.sql): a unit where
-- ICU stays exist, but none of an admission coded with the diagnosis
-- include: fragments/pop_mean_by_dx_careunit_cells.sql salt=b grp=''
SELECT p.rg_s AS careunit
FROM rg_pair p
WHERE p.rg_pd = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_ps = {{careunit}}
