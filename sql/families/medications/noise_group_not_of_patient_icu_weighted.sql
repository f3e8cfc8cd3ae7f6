-- Record noise: another diagnosis group of the list that the patient was never coded with, drawn in proportion to
-- how often each group is a Clean question of this family: the patients whose first admission with the group (not
-- their first admission, no tie) had an ICU stay (inverse CDF over the patient's hash). Weighted by all patients
-- coded with each group (diagnoses/noise_group_not_of_patient_weighted.sql), the chronic groups that are seldom
-- first coded in an ICU admission (essential hypertension, type 2 diabetes, COPD) were Noise 3-5 times as often as
-- Clean: a tell of the family's question-only AUROC (0.76)
--   dx_groups  the family's groups
--   per, idx   each patient's first admission with each group (fragments)
--   weights    per group, those first admissions with an ICU stay (the Clean pool)
--   valid      groups this patient was never coded with, with cumulative weights
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
-- include: fragments/group_first_admission_untied.sql
), weights AS (
  SELECT i.dx_group, COUNT(*) AS w
  FROM idx i
  WHERE EXISTS (SELECT 1 FROM mimiciv_icu.icustays s WHERE s.hadm_id = i.hadm_id)
  GROUP BY i.dx_group
), valid AS (
  SELECT wt.dx_group, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.dx_group) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE wt.dx_group <> {{dx_group}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                    WHERE d.subject_id = {{subject_id}}
                      AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = wt.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
)
SELECT v.dx_group
FROM valid v
WHERE ({{subject_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{subject_id}} * 2654435761) % v.total < v.hi
