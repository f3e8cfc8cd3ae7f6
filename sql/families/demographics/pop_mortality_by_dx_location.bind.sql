-- The cells (fragments/pop_mortality_by_dx_location_cells.sql: a diagnosis and an admission location with ≥ 5
-- admissions and ≥ 1 death) matched for a swap (fragments/cross_pairs.sql): the cells that lend their location to
-- another cell's diagnosis lacking it (their record twin names that diagnosis); their value twin names the location of
-- a cell that lends it in a second matching among the Clean cells (salt s), their near miss the diagnosis of a cell of
-- the same chapter (salt b, among all cells: among the Clean cells 1 of 24 near misses verified, under the operator
-- floor): a swapped-in location or diagnosis is then one a Clean question names, lent once. Only lenders are Clean:
-- with the borrowers too, the locations only borrowers have never occurred in a twin (EMERGENCY ROOM: 24 Clean, 0 Noise
-- in pop_mortality_by_dx_location). The twins then name the locations and diagnoses the Clean questions name at about
-- the same rate: drawn as any diagnosis and location apart, or any Clean diagnosis lacking the location, they named the
-- rarer diagnoses and locations (family AUROC 0.84-0.98)
-- include: fragments/pop_mortality_by_dx_location_cells.sql
-- include: fragments/cross_matchings.sql stratum_cells=rg_used near_cells=rg_cell lend_key=rg_s borrow_key=rg_ps
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, u.rg_s AS admission_location, u.twin_dx,
       u.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
LEFT JOIN mb_pair n ON n.rg_d = u.rg_d AND n.rg_s = u.rg_s
