-- The patient's first admission with each group when no other admission ties at that admittime: CTE idx, after
-- CTE per (fragments/group_admissions_ranked.sql).
), idx AS (
  SELECT p.* FROM per p
  WHERE p.rk = 1 AND NOT EXISTS (SELECT 1 FROM per q WHERE q.dx_group = p.dx_group AND q.subject_id = p.subject_id
                                                         AND q.rk = 1 AND q.hadm_id <> p.hadm_id)
