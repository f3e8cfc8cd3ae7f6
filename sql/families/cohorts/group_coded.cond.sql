-- somebody in the EHR was coded with a diagnosis of the group (ICD-9 or ICD-10 pattern)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
  WHERE EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
) AS holds
