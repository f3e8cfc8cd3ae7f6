-- Reading: the first group admission's results taken to include the emergency-department visit that led to it:
-- its results plus the patient's unfiled ED draws (hadm_id NULL, charttime in [edregtime, admittime)); last minus
-- first.
--   group_adm  the patient's admissions coded with the group (ICD-9 or ICD-10 pattern)
--   index_adm  the earliest of them, admitted on the stated date
--   results    that admission's numeric results of the lab (named by its label) with their rank from the first
--              and from the last charttime (a tie at either end surfaces as several rows)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT a.hadm_id, a.edregtime, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT g.hadm_id, g.edregtime, g.admittime
  FROM group_adm g
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
), results AS (
  SELECT l.valuenum,
         RANK() OVER (ORDER BY l.charttime) AS from_first,
         RANK() OVER (ORDER BY l.charttime DESC) AS from_last
  FROM mimiciv_hosp.labevents l
  CROSS JOIN index_adm i
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
  WHERE l.subject_id = {{subject_id}} AND l.itemid = {{lab_itemid}} AND li.label = {{lab_label}}
    AND l.valuenum IS NOT NULL
  -- include: fragments/ed_window_lab.sql lab=l adm=i
)
SELECT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 3) AS change_last_minus_first
FROM results fst
JOIN results lst ON lst.from_last = 1
WHERE fst.from_first = 1 AND (SELECT COUNT(*) FROM results) >= 2
