-- Value noise: the insurance of the cell that lent this cell's diagnosis for a swap (a second matching, salt b: this
-- cell lends its insurance in the first) (fragments/pop_mean_age_by_dx_insurance_cells.sql, fragments/cross_pairs.sql):
-- no admission coded with the diagnosis has that insurance
-- include: fragments/pop_mean_age_by_dx_insurance_cells.sql salt=b grp=''
SELECT p.rg_s AS insurance
FROM rg_pair p
WHERE p.rg_pd = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_ps = {{insurance}}
