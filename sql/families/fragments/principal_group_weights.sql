-- The opening CTEs of a diagnosis-group candidate weighted like a principal-diagnosis family's Clean bindings:
--   dx_groups  the family's groups (with their codes, dx_group_codes)
--   weights    per group, the patients whose first admission with it as principal diagnosis is not their first
--              admission, capped at the 30 Clean bindings a group keeps
-- Ends inside the WITH list after `weights`: the including query continues with `), name AS (`.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), weights AS (
  SELECT x.dx_group, LEAST(COUNT(*), 30) AS w
  FROM (SELECT g.dx_group, a.subject_id, MIN(a.admittime) AS admittime
        FROM dx_groups g
        JOIN dx_group_codes gc ON gc.dx_group = g.dx_group
        JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_version = gc.icd_version AND d.icd_code = gc.icd_code
          AND d.seq_num = 1
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
        GROUP BY g.dx_group, a.subject_id) x
  JOIN (SELECT a0.subject_id, MIN(a0.admittime) AS admittime FROM mimiciv_hosp.admissions a0
        GROUP BY a0.subject_id) f ON f.subject_id = x.subject_id
  WHERE x.admittime > f.admittime
  GROUP BY x.dx_group
