-- Value noise: the size of a sibling cohort stated for this one — the same group under another insurance, or another
-- group under the same insurance (real counts of the family's cohorts, so the number says nothing by itself)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('migraine'), ('pneumococcal pneumonia'), ('infectious arthritis')
), cohort AS (
  SELECT DISTINCT g.dx_group, a.insurance, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.insurance IS NOT NULL AND (g.dx_group = {{dx_group}} OR a.insurance = {{insurance}})
)
SELECT COUNT(*) AS n_adm
FROM cohort c
WHERE NOT (c.dx_group = {{dx_group}} AND c.insurance = {{insurance}})
GROUP BY c.dx_group, c.insurance
HAVING COUNT(*) <> {{n_adm}}
