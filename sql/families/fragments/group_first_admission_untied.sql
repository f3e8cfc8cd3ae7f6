-- The patient's first admission with each group when no other admission ties at that admittime and it is not the
-- patient's first admission: CTE idx, after CTE per (fragments/group_admissions_ranked.sql). The group then selects
-- the admission (without it, "the patient's first admission" is another one), so a twin naming a group the patient
-- lacks is no restatement (the drop-one reading, pipeline/construction/noise/drop_one.py).
-- Untied = the only rank-1 admission of its (group, patient), counted by a window: the anti-join of per with itself
-- it replaced became a nested loop on PostgreSQL, which estimates a CTE over a prefix join at a row or two (a noise
-- query's 24 bindings at 30,000 patients: over 300 s; 80,000 x 80,000 comparisons).
), idx AS (
  SELECT f.dx_group, f.subject_id, f.hadm_id, f.admittime, f.rk
  FROM (SELECT p.*, COUNT(*) OVER (PARTITION BY p.dx_group, p.subject_id) AS n_first FROM per p WHERE p.rk = 1) f
  WHERE f.n_first = 1
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions e WHERE e.subject_id = f.subject_id AND e.admittime < f.admittime)
