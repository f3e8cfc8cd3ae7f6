-- Query noise: the diagnosis this cell's lab was matched with for a swap
-- (fragments/pop_mean_lab_charges_by_dx_cells.sql, fragments/cross_pairs.sql): no admission coded with the diagnosis
-- has a numeric result of the lab; the cohort the question presupposes is empty
-- include: fragments/pop_mean_lab_charges_by_dx_cells.sql salt=a grp=''
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM rg_pair p
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = p.rg_pd
WHERE p.rg_d = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_s = CAST({{itemid}} AS VARCHAR)
