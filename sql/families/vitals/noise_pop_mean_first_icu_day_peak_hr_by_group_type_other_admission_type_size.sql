-- Value noise: another admission type (one Clean questions of the family use: match_clean) with admissions coded with
-- the same group that had an ICU stay, but not the stated number of them: the question's cohort size contradicts the
--   record
-- while the count itself stays a Clean one
--   dx_groups  the family's diagnosis groups (ICD-9 and ICD-10 patterns)
--   sizes      admissions that had an ICU stay per (group, admission type)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_stratum_sizes.sql cte=sizes stratum=admission_type dx= \
--   where=" AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id AND s0.intime = \
--   (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1"
)
SELECT s.admission_type
FROM sizes s
WHERE s.dx_group = {{dx_group}} AND s.admission_type <> {{admission_type}} AND s.n <> {{n_adm}}
