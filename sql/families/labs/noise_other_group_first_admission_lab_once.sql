-- Query noise: another diagnosis group of the family's list (one Clean questions ask about: match_clean) that the
-- patient was coded with, stated with the date of its own first admission, in which this lab has a single numeric
-- result: the patient, group, admission and lab all exist, but there is no first-to-last change. Only the group and
-- the date differ from the Clean twin, both from the Clean questions' own values
--   dx_groups  the family's diagnosis groups
--   first_adm  the patient's first admission coded with each other group (a single one at the earliest admittime)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), first_adm AS (
  SELECT x.dx_group, MIN(x.hadm_id) AS hadm_id, MIN(x.admittime) AS admittime
  FROM (SELECT DISTINCT g.dx_group, a.hadm_id, a.admittime,
               RANK() OVER (PARTITION BY g.dx_group ORDER BY a.admittime) AS rk
        FROM dx_groups g
        JOIN mimiciv_hosp.diagnoses_icd d
          ON EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = g.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
        WHERE d.subject_id = {{subject_id}} AND g.dx_group <> {{dx_group}}) x
  WHERE x.rk = 1
  GROUP BY x.dx_group
  HAVING COUNT(DISTINCT x.hadm_id) = 1
)
SELECT f.dx_group, CAST(f.admittime AS DATE) AS admit_date
FROM first_adm f
WHERE (SELECT COUNT(*) FROM mimiciv_hosp.labevents l
       WHERE l.hadm_id = f.hadm_id AND l.itemid = {{lab_itemid}} AND l.valuenum IS NOT NULL) = 1
