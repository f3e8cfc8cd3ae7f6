-- Query noise: another group of the family's list that no admission under this insurance was ever coded with (by its
-- ICD patterns, or by a code whose title names the group): the group and the insurance both exist, but the cohort the
-- median is taken over is empty
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('migraine'), ('pneumococcal pneumonia'), ('infectious arthritis')
)
SELECT g.dx_group
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE a.insurance = {{insurance}}
                    AND g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
                  WHERE a.insurance = {{insurance}} AND LOWER(t.long_title) LIKE '%' || LOWER(g.dx_group) || '%')
