-- Value noise: the band of the cell that lent this cell's diagnosis for a swap
-- (fragments/pop_mortality_by_dx_age_cells.sql, fragments/cross_pairs.sql), a band with admissions where no admission
-- of a patient that age was coded with the diagnosis
-- include: fragments/pop_mortality_by_dx_age_cells.sql salt=a grp=''
SELECT CAST(p.rg_s AS INTEGER) AS age_lo, CAST(p.rg_s AS INTEGER) + 9 AS age_hi
FROM rg_pair p
WHERE p.rg_pd = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_ps = CAST({{age_lo}} AS VARCHAR)
