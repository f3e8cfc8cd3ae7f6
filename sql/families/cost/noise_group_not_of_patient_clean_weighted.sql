-- Record noise: another diagnosis group of the list that the patient was never coded with, drawn in proportion to
-- how often the family's Clean questions can name it: the patients whose first admission with the group is untied
-- and not their first admission (fragments/group_first_admission_untied.sql), capped at 30 as the binding caps a
-- group. Weighting by every patient coded with the group (diagnoses/noise_group_not_of_patient_weighted.sql) put
-- chronic kidney disease, hypertension and heart failure in 45 twins against 10 Clean questions, a wording tell.
--   dx_groups  the family's groups
--   weights    the capped count of patients a Clean question could name per group
--   valid      groups this patient was never coded with, with cumulative weights
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
-- include: fragments/group_first_admission_untied.sql
), weights AS (
  SELECT i.dx_group, LEAST(COUNT(DISTINCT i.subject_id), 30) AS w
  FROM idx i
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
