-- The cells (fragments/pop_age_by_dx_drug_cells.sql: a diagnosis and a drug prescribed in ≥ 5 of its admissions)
-- matched for a swap (fragments/cross_pairs.sql): the cells that lend their drug to another cell's diagnosis lacking
-- it, and those that lend their diagnosis to another cell's drug it lacks. The twins then name the drugs and diagnoses
-- the Clean questions name at about the same rate: drawn as any Clean drug the cohort lacks, or any Clean diagnosis
-- lacking the drug, they named the rarer ones (family AUROC 0.77-0.90)
-- include: fragments/pop_age_by_dx_drug_cells.sql salt=a grp=''
, rg_used AS (
  SELECT p.rg_d, p.rg_s FROM rg_pair p
  UNION
  SELECT p.rg_pd, p.rg_ps FROM rg_pair p
)
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, u.rg_s AS drug
FROM rg_used u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
