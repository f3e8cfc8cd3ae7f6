-- Value noise: the admission type of the cell that lent this cell's procedure for a swap (a second matching, salt b:
-- this cell lends its admission type in the first) (fragments/pop_median_los_by_proc_type_cells.sql,
-- fragments/cross_pairs.sql): no admission of that type had the procedure
-- include: fragments/pop_median_los_by_proc_type_cells.sql salt=b grp=''
SELECT p.rg_s AS admission_type
FROM rg_pair p
WHERE p.rg_pd = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_ps = {{admission_type}}
