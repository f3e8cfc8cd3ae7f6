-- Value noise: the admission location of the cell that lent this cell's diagnosis for a swap (a second matching, salt
-- b: this cell lends its admission location in the first) (fragments/pop_mortality_by_dx_location_cells.sql,
-- fragments/cross_pairs.sql): no admission coded with the diagnosis came from that location
-- include: fragments/pop_mortality_by_dx_location_cells.sql salt=b grp=''
SELECT p.rg_s AS admission_location
FROM rg_pair p
WHERE p.rg_pd = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_ps = {{admission_location}}
