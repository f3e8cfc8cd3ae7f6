-- The cells (fragments/pop_mean_cost_by_dx_type_cells.sql: a diagnosis and an admission type with ≥ 5 costed
-- admissions) matched for a swap (fragments/cross_pairs.sql): the cells that lend their type to another cell's
-- diagnosis lacking it (their record twin names that diagnosis); their value twin names the type of a cell that lends
-- it in a second matching among the Clean cells (salt s), their near miss the diagnosis of a Clean cell of the same
-- chapter (salt b, among the Clean cells): a swapped-in type or diagnosis is then one a Clean question names, lent
-- once. Only lenders are Clean: with the borrowers too, the types only borrowers have never occurred in a twin
-- (EMERGENCY ROOM: 24 Clean, 0 Noise in pop_mortality_by_dx_location). The twins then name the types and diagnoses the
-- Clean questions name at about the same rate: drawn as any Clean diagnosis never of the type (one type per diagnosis),
-- they named the same-day surgical diagnoses and the rare types over and over (family AUROC 0.77-0.84)
-- include: fragments/pop_mean_cost_by_dx_type_cells.sql
-- include: fragments/cross_matchings.sql stratum_cells=rg_used near_cells=rg_used lend_key=rg_s borrow_key=rg_ps
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, u.rg_s AS admission_type, u.twin_dx,
       u.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
LEFT JOIN mb_pair n ON n.rg_d = u.rg_d AND n.rg_s = u.rg_s
