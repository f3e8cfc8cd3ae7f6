-- Record noise: another diagnosis group of the list that the patient was never coded with, drawn in proportion to
-- how many patients were coded with each group (inverse CDF over the patient's hash), so Noise groups follow the
-- Clean groups' distribution (a uniform draw favoured the rare groups, such as liver cirrhosis: a wording tell)
--   dx_groups  the family's groups
--   weights    patients coded with each group
--   valid      groups this patient was never coded with, with cumulative weights
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), weights AS (
  SELECT g.dx_group, COUNT(DISTINCT d.subject_id) AS w
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = g.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  GROUP BY g.dx_group
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
