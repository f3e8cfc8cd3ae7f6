-- The patient's admissions coded with a diagnosis group ranked by admission time (slots subject_id, dx_group):
-- CTEs dx_group_codes (fragments/dx_group_codes.sql) and first_adm (hadm_id, rk; rk = 1 is the first such
-- admission), opening the query's WITH.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), first_adm AS (
  SELECT a.hadm_id, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
