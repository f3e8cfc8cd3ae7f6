-- Value noise: the size of a sibling cohort of ICU-treated admissions stated for this one — the same group under
-- another admission type, or another group of the same type (real counts of the family's cohorts)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), cohort AS (
  SELECT DISTINCT g.dx_group, a.admission_type, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.admission_type IS NOT NULL AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
      AND (g.dx_group = {{dx_group}} OR a.admission_type = {{admission_type}})
)
SELECT COUNT(*) AS n_adm
FROM cohort c
WHERE NOT (c.dx_group = {{dx_group}} AND c.admission_type = {{admission_type}})
GROUP BY c.dx_group, c.admission_type
HAVING COUNT(*) <> {{n_adm}}
