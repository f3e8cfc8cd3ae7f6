-- The admissions with a diagnosis in the stated group (slot dx_group): CTEs dx_group_codes
-- (fragments/dx_group_codes.sql) and group_adm, opening the query's WITH. A family about the principal
-- (first-coded) diagnosis adds `    AND d.seq_num = 1` after it. Included by the population-by-group references,
-- conditions and candidates.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
