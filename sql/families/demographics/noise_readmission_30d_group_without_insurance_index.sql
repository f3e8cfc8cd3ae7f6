-- Query noise: another diagnosis group of the family's list (one Clean questions also name: match_clean) that is
-- coded in the EHR, but under which no patient's first admission with it was covered by this insurance and ended
-- alive (valve surgery for aortic valve disease is for patients of Medicare age, so none is under Medicaid or Other):
-- the group and the insurance both exist, but the index cohort the rate is taken over is empty
--   dx_groups  the family's diagnosis groups (as in its binding)
--   group_adm  admissions coded with each other group
--   index_adm  each patient's first admission with each other group
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic valve disease')
), group_adm AS (
  SELECT DISTINCT g.dx_group, d.hadm_id
  FROM dx_groups g JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  WHERE g.dx_group <> {{dx_group}}
), index_adm AS (
  SELECT ga.dx_group, a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY ga.dx_group, a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY ga.dx_group, a.subject_id, a.admittime) AS n_at_admittime
  FROM group_adm ga JOIN mimiciv_hosp.admissions a ON a.hadm_id = ga.hadm_id
)
SELECT g.dx_group
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM group_adm ga WHERE ga.dx_group = g.dx_group)
  AND NOT EXISTS (SELECT 1 FROM index_adm i
                  WHERE i.dx_group = g.dx_group AND i.rn = 1 AND i.n_at_admittime = 1 AND i.insurance = {{insurance}}
                      AND i.hospital_expire_flag = 0)
