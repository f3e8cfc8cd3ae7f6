-- Query noise: another group of the family's list that the patient first had in their LAST admission, stated with
-- that admission's date: the group and its date are true, but no admission follows
WITH groups_of_patient AS (
  SELECT d.icd_version, d.icd_code, a.admittime
  FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.subject_id = {{subject_id}}
), last_adm AS (
  SELECT MAX(a.admittime) AS t_last FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}
), dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), first_by_group AS (
  SELECT g.dx_group, MIN(p.admittime) AS t_first
  FROM dx_groups g
  JOIN groups_of_patient p
    ON EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = g.dx_group
      AND gc.icd_version = p.icd_version AND gc.icd_code = p.icd_code)
  GROUP BY g.dx_group
)
SELECT f.dx_group, CAST(f.t_first AS DATE) AS admit_date
FROM first_by_group f CROSS JOIN last_adm l
WHERE f.dx_group <> {{dx_group}} AND f.t_first = l.t_last
