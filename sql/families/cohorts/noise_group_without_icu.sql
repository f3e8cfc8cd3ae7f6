-- Query noise: another group of the list that the patient was coded with, but only in admissions without an ICU stay
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
)
SELECT g.dx_group
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
              WHERE d.subject_id = {{subject_id}}
                AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = g.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_icu.icustays s ON s.hadm_id = d.hadm_id
                  WHERE d.subject_id = {{subject_id}}
                    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = g.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
