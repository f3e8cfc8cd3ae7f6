-- The admissions with a diagnosis in the stated group (slots icd9_pattern, icd10_pattern): CTE group_adm, opening
-- the query's WITH. A family about the principal (first-coded) diagnosis adds `    AND d.seq_num = 1` after it.
-- Included by the population-by-group references, conditions and candidates.
WITH group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}}))
