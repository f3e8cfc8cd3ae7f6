-- (patient, diagnosis group), admitted again later, with the date of the patient's first admission coded with the group
-- (no tie at that first admittime), where that admission is not the patient's first: the group then selects the
-- admission (without it, "the patient's first admission" is another one), so a twin naming a group the patient lacks
-- is no restatement (the drop-one reading, pipeline/construction/noise/drop_one.py)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
-- include: fragments/group_first_admission_untied.sql
)
SELECT i.subject_id, i.dx_group, CAST(i.admittime AS DATE) AS admit_date
FROM idx i
WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.admissions n WHERE n.subject_id = i.subject_id AND n.admittime > i.admittime)
