-- The cells (fragments/pop_age_by_dx_drug_cells.sql: a diagnosis and a drug prescribed in ≥ 5 of its admissions)
-- matched for a swap (fragments/cross_pairs.sql): the cells that lend their drug to another cell's diagnosis lacking it
-- are Clean (their query twin names that diagnosis); their record twin names the drug of a Clean cell that lends it in
-- a second matching among the Clean cells (salt s), their near miss the diagnosis of a Clean cell of the same chapter
-- (salt b). With the borrowers Clean too, their twins swapped in the drugs lenders lend, which most cohorts lack
-- (family AUROC 0.76). The twins then name the drugs and diagnoses the Clean questions name at about the same rate:
-- drawn as any Clean drug the cohort lacks, or any Clean diagnosis lacking the drug, they named the rarer ones (family
-- AUROC 0.77-0.90)
-- include: fragments/pop_age_by_dx_drug_cells.sql
-- include: fragments/cross_matchings.sql stratum_cells=rg_used near_cells=rg_used lend_key=rg_s borrow_key=rg_ps
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, u.rg_s AS drug, u.twin_dx,
       u.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
LEFT JOIN mb_pair n ON n.rg_d = u.rg_d AND n.rg_s = u.rg_s
