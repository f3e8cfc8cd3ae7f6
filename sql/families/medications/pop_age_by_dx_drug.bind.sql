-- The cells (fragments/pop_age_by_dx_drug_cells.sql: a diagnosis and a drug prescribed in ≥ 5 of its admissions)
-- matched for a swap (fragments/cross_pairs.sql): the cells that lend their drug to another cell's diagnosis lacking
-- it, and those that lend their diagnosis to another cell's drug it lacks. The twins then name the drugs and diagnoses
-- the Clean questions name at about the same rate: drawn as any Clean drug the cohort lacks, or any Clean diagnosis
-- lacking the drug, they named the rarer ones (family AUROC 0.77-0.90)
-- include: fragments/pop_age_by_dx_drug_cells.sql
-- include: fragments/cross_pairs.sql m=ma salt=a grp=''
-- include: fragments/cross_pairs.sql m=mb salt=b grp=SUBSTRING(c.rg_d,1,3)
, rg_used AS (
  SELECT p.rg_d, p.rg_s FROM ma_pair p
  UNION
  SELECT p.rg_pd, p.rg_ps FROM ma_pair p
)
-- include: fragments/cross_twins.sql dx=ma stratum=ma
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, u.rg_s AS drug, u.twin_dx,
       u.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
LEFT JOIN mb_pair n ON n.rg_d = u.rg_d AND n.rg_s = u.rg_s
