-- Value noise: the size of a sibling cohort stated for this one — the same principal group from another admission
-- location, or another principal group from the same location (real counts of the family's cohorts)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), cohort AS (
  SELECT DISTINCT g.dx_group, a.admission_location, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
    AND d.seq_num = 1
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.admission_location IS NOT NULL AND (g.dx_group = {{dx_group}}
      OR a.admission_location = {{admission_location}})
)
SELECT COUNT(*) AS n_adm
FROM cohort c
WHERE NOT (c.dx_group = {{dx_group}} AND c.admission_location = {{admission_location}})
GROUP BY c.dx_group, c.admission_location
HAVING COUNT(*) <> {{n_adm}}
