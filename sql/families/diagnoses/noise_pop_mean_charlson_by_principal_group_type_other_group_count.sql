-- Value noise (content): another diagnosis group of the list that is the principal diagnosis of some admissions of
-- the type, but not of as many as the stated cohort size: group, type and count are Clean values of the family,
-- and only the record shows the cohort is not that size
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), strata AS (
  SELECT g.dx_group, COUNT(DISTINCT a.hadm_id) AS n
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
   AND d.seq_num = 1
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.admission_type = {{admission_type}}
  GROUP BY g.dx_group
)
SELECT s.dx_group
FROM strata s
WHERE s.dx_group <> {{dx_group}} AND s.n <> {{n_adm}}
