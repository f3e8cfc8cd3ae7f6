-- Query noise: another patient coded with the same diagnosis group, but only in admissions without an ICU stay: the
-- patient and the group exist and go together, yet there is no ICU stay whose first day could be scored
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
-- include: fragments/group_patients_icu.sql
SELECT g.subject_id
FROM group_patients g
WHERE g.dx_group = {{dx_group}} AND g.subject_id <> {{subject_id}} AND g.in_icu = 0
