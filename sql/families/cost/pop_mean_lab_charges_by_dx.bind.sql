-- The cells (fragments/pop_mean_lab_charges_by_dx_cells.sql: a diagnosis and a numeric lab charged in ≥ 5 of its
-- admissions) matched for a swap (fragments/cross_pairs.sql): the cells that lend their lab to another cell's diagnosis
-- lacking it are Clean (their query twin names that diagnosis); their record twin names the lab of a Clean cell that
-- lends it in a second matching among the Clean cells (salt s), their near miss the diagnosis of a Clean cell of the
-- same chapter (salt b). With the borrowers Clean too, their twins swapped in the labs lenders lend, which most cohorts
-- lack (family AUROC 0.81). The twins then name the labs and diagnoses the Clean questions name at about the same rate:
-- drawn as any common lab the cohort lacks, or any Clean diagnosis lacking the lab, they named labs the Clean questions
-- never did (total protein: 5 Noise, 0 Clean; family AUROC 0.59-0.81)
-- include: fragments/pop_mean_lab_charges_by_dx_cells.sql
-- include: fragments/cross_matchings.sql stratum_cells=rg_used near_cells=rg_used lend_key=rg_d borrow_key=rg_pd
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, d.itemid,
-- include: fragments/lab_label.sql alias=d
       , u.twin_dx, u.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
JOIN mimiciv_hosp.d_labitems d ON CAST(d.itemid AS VARCHAR) = u.rg_s
LEFT JOIN mb_pair n ON n.rg_d = u.rg_d AND n.rg_s = u.rg_s
