-- Query noise: the procedure this cell's admission type was matched with for a swap
-- (fragments/pop_median_los_by_proc_type_cells.sql, fragments/cross_pairs.sql): no admission of that type had the
-- procedure; the cohort the question presupposes is empty
-- include: fragments/pop_median_los_by_proc_type_cells.sql salt=a grp=''
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM rg_pair p
JOIN mimiciv_hosp.d_icd_procedures t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = p.rg_pd
WHERE p.rg_d = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_s = {{admission_type}}
