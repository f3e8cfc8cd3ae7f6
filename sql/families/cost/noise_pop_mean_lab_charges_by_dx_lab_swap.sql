-- Record noise: the lab of the cell that lent this cell's diagnosis for a swap
-- (fragments/pop_mean_lab_charges_by_dx_cells.sql, fragments/cross_pairs.sql): a numeric lab that no admission coded
-- with the diagnosis has a result of
-- include: fragments/pop_mean_lab_charges_by_dx_cells.sql salt=a grp=''
SELECT d.itemid,
-- include: fragments/lab_label.sql alias=d
FROM rg_pair p JOIN mimiciv_hosp.d_labitems d ON CAST(d.itemid AS VARCHAR) = p.rg_s
WHERE p.rg_pd = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_ps = CAST({{itemid}} AS VARCHAR)
