-- (patient, diagnosis group), admitted again later, with the date of the patient's first admission coded with the group
-- (no tie at that first admittime), where that admission is not the patient's first: the group then selects the
-- admission (without it, "the patient's first admission" is another one), so a twin naming a group the patient lacks
-- is no restatement (the drop-one reading, pipeline/construction/noise/drop_one.py)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
)
SELECT p.subject_id, p.dx_group, CAST(p.admittime AS DATE) AS admit_date
FROM per p
WHERE p.rk = 1
  AND NOT EXISTS (SELECT 1 FROM per q WHERE q.dx_group = p.dx_group AND q.subject_id = p.subject_id
                                         AND q.rk = 1 AND q.hadm_id <> p.hadm_id)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions n WHERE n.subject_id = p.subject_id AND n.admittime > p.admittime)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions e WHERE e.subject_id = p.subject_id AND e.admittime < p.admittime)
