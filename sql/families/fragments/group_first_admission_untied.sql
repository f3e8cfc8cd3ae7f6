-- The patient's first admission with each group when no other admission ties at that admittime and it is not the
-- patient's first admission: CTE idx, after CTE per (fragments/group_admissions_ranked.sql). The group then selects
-- the admission (without it, "the patient's first admission" is another one), so a twin naming a group the patient
-- lacks is no restatement (the drop-one reading, pipeline/construction/noise/drop_one.py).
), idx AS (
  SELECT p.* FROM per p
  WHERE p.rk = 1 AND NOT EXISTS (SELECT 1 FROM per q WHERE q.dx_group = p.dx_group AND q.subject_id = p.subject_id
                                                         AND q.rk = 1 AND q.hadm_id <> p.hadm_id)
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions e WHERE e.subject_id = p.subject_id AND e.admittime < p.admittime)
