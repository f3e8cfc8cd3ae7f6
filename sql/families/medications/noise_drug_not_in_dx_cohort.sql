-- Record noise: the drug of the cell that lent this cell's diagnosis for a swap
-- (fragments/pop_age_by_dx_drug_cells.sql, fragments/cross_pairs.sql): no admission coded with the diagnosis has a
-- prescription of the drug
-- include: fragments/pop_age_by_dx_drug_cells.sql salt=a grp=''
SELECT p.rg_s AS drug
FROM rg_pair p
WHERE p.rg_pd = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_ps = {{drug}}
