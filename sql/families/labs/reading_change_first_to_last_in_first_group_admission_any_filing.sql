-- Reading: results by time as well as by filing: the first group admission's results plus the patient's unfiled
-- results (hadm_id NULL: ED and outpatient draws) drawn between its admission and discharge; last minus first.
--   group_adm  the patient's admissions coded with the group (ICD-9 or ICD-10 pattern)
--   index_adm  the earliest of them, admitted on the stated date
--   results    that admission's numeric results of the lab (named by its label) with their rank from the first
--              and from the last charttime (a tie at either end surfaces as several rows)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime, a.dischtime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND {{dx_group}} IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND d.icd_code LIKE gc.prefix || '%')
), index_adm AS (
  SELECT g.hadm_id, g.admittime, g.dischtime
  FROM group_adm g
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
), results AS (
  SELECT l.valuenum,
         RANK() OVER (ORDER BY l.charttime) AS from_first,
         RANK() OVER (ORDER BY l.charttime DESC) AS from_last
  FROM mimiciv_hosp.labevents l
  JOIN index_adm i
    ON l.hadm_id = i.hadm_id
    OR (l.hadm_id IS NULL AND l.subject_id = {{subject_id}} AND l.charttime BETWEEN i.admittime AND i.dischtime)
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
  WHERE l.itemid = {{lab_itemid}} AND li.label = {{lab_label}} AND l.valuenum IS NOT NULL
)
SELECT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 3) AS change_last_minus_first
FROM results fst
JOIN results lst ON lst.from_last = 1
WHERE fst.from_first = 1 AND (SELECT COUNT(*) FROM results) >= 2
