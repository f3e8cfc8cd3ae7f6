-- Value noise: another diagnosis group (one Clean questions of the family ask about: match_clean) with admissions
-- under the same admission type, but not the stated number of them: the question's cohort size contradicts
-- the record while the count itself stays a Clean one
--   dx_groups  the family's diagnosis groups (ICD-9 and ICD-10 patterns)
--   sizes      admissions per (group, admission type)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('varicose veins of the legs'),
  ('schizophrenia'), ('osteoarthritis of the knee'),
  ('chronic gout'), ('immunodeficiency disorders'),
  ('allergic rhinitis')
-- include: fragments/group_stratum_sizes.sql cte=sizes stratum=admission_type dx= where=
)
SELECT s.dx_group
FROM sizes s
WHERE s.admission_type = {{admission_type}} AND s.dx_group <> {{dx_group}} AND s.n <> {{n_adm}}
