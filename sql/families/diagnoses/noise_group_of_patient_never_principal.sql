-- Query noise: another diagnosis group of the list that the patient was coded with, but never as the principal
-- diagnosis of an admission: the patient and the group's admissions exist, "the first admission with the group as
-- the principal diagnosis" does not. Drawn in proportion to how often the group could be a Clean binding (patients
-- whose first admission with it as principal diagnosis is not their first admission, capped at the 30 Clean bindings
-- a group keeps), so Noise groups follow the Clean groups' distribution (a plain draw
-- favoured the groups that are mostly secondary, hypertension or diabetes: a knowledge tell)
--   dx_groups, weights  fragments/principal_group_weights.sql
--   valid      groups this patient had, never as principal, with cumulative weights
-- include: fragments/principal_group_weights.sql
), valid AS (
  SELECT wt.dx_group, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.dx_group) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE wt.dx_group <> {{dx_group}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.subject_id = {{subject_id}}
                  AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = wt.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                    WHERE d.subject_id = {{subject_id}} AND d.seq_num = 1
                      AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = wt.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
)
SELECT v.dx_group
FROM valid v
WHERE ({{subject_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{subject_id}} * 2654435761) % v.total < v.hi
