-- Value noise: another diagnosis group (one Clean questions of the family ask about: match_clean) with admissions
-- under the same admission type, but not the stated number of them: the question's cohort size contradicts
-- the record while the count itself stays a Clean one
--   dx_groups  the family's diagnosis groups (ICD-9 and ICD-10 patterns)
--   sizes      admissions per (group, admission type)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('varicose veins of the legs', '454%', 'I83%'),
  ('schizophrenia', '295%', 'F20%'), ('osteoarthritis of the knee', '715_6%', 'M17%'),
  ('chronic gout', '27402%', 'M1A%'), ('immunodeficiency disorders', '279%', 'D84%'),
  ('allergic rhinitis', '477%', 'J30%')
-- include: fragments/group_stratum_sizes.sql cte=sizes stratum=admission_type dx= where=
)
SELECT s.dx_group, s.icd9_pattern, s.icd10_pattern
FROM sizes s
WHERE s.admission_type = {{admission_type}} AND s.dx_group <> {{dx_group}} AND s.n <> {{n_adm}}
