-- The cells (fragments/pop_mean_age_by_dx_insurance_cells.sql: a diagnosis and an insurance with ≥ 5 admissions)
-- matched for a swap (fragments/cross_pairs.sql): the cells that lend their insurance to another cell's diagnosis
-- lacking it (their record twin names that diagnosis); their value twin names the insurance of a cell that lends it in
-- a second matching among all cells (salt s), their near miss the diagnosis of a Clean cell of the same chapter (salt
-- b, among all cells): a swapped-in insurance or diagnosis is then one a Clean question names, lent once (among the
-- Clean cells only, 2 of 68 had a partner: the value level would vanish). Only lenders are Clean: with the borrowers
-- too, the payers only borrowers have never occurred in a twin (as EMERGENCY ROOM in pop_mortality_by_dx_location: 24
-- Clean, 0 Noise). The twins then name the payers and diagnoses the Clean questions name at about the same rate: drawn
-- as any Clean diagnosis lacking the payer (≤ 2 payers per diagnosis), they named the few rare diagnoses without
-- Medicare over and over (5 Noise, 1 Clean each; family AUROC 0.91-0.95)
-- include: fragments/pop_mean_age_by_dx_insurance_cells.sql
-- include: fragments/cross_matchings.sql stratum_cells=rg_cell near_cells=rg_cell lend_key=rg_s borrow_key=rg_ps
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, u.rg_s AS insurance, u.twin_dx,
       u.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
LEFT JOIN mb_pair n ON n.rg_d = u.rg_d AND n.rg_s = u.rg_s
