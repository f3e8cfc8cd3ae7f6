-- Query noise: another patient coded with the same diagnosis group, but only in admissions without an ICU stay: the
-- patient and the group exist and go together, yet there is no ICU stay whose first day could be scored
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_patients AS (
  -- each group's patients, and whether any of their ICU admissions was coded with it: the same for every binding, so
  -- computed once per query (as a correlated anti-join per binding, PostgreSQL re-read the group's codes each time)
  SELECT gc.dx_group, d.subject_id, MAX(CASE WHEN s.hadm_id IS NULL THEN 0 ELSE 1 END) AS in_icu
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN dx_group_codes gc ON gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code
  LEFT JOIN (SELECT DISTINCT s0.hadm_id FROM mimiciv_icu.icustays s0) s ON s.hadm_id = d.hadm_id
  GROUP BY gc.dx_group, d.subject_id
)
SELECT g.subject_id
FROM group_patients g
WHERE g.dx_group = {{dx_group}} AND g.subject_id <> {{subject_id}} AND g.in_icu = 0
