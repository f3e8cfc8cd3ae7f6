-- Query noise: another lab test (unambiguous label) with exactly one numeric result in the first admission with the
-- group: no change from first to last can be computed. Of those, the three a Clean question most often names: the
-- labs repeated (≥ 2 numeric results) in the most admissions; any lab drawn once put the labs usually drawn once
-- (total protein, LDH, CRP, CK, NT-proBNP) in 101 of 287 twins against 17 Clean questions, a wording tell
--   repeated  per lab, the admissions with ≥ 2 numeric results of it (slot-free: hoisted)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), unique_labels AS (
  SELECT li.itemid, li.label
  FROM mimiciv_hosp.d_labitems li
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_labitems li2 WHERE li2.label = li.label AND li2.itemid <> li.itemid)
), repeated AS (
  SELECT r.itemid, COUNT(*) AS n
  FROM (SELECT l0.hadm_id, l0.itemid FROM mimiciv_hosp.labevents l0
        WHERE l0.valuenum IS NOT NULL AND l0.hadm_id IS NOT NULL
        GROUP BY l0.hadm_id, l0.itemid HAVING COUNT(*) >= 2) r
  GROUP BY r.itemid
), group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), first_adm AS (
  SELECT g.hadm_id FROM group_adm g WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
), once AS (
  SELECT l.itemid, u.label
  FROM first_adm f
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
  JOIN unique_labels u ON u.itemid = l.itemid
  WHERE l.itemid <> {{lab_itemid}} AND l.valuenum IS NOT NULL
  GROUP BY l.itemid, u.label
  HAVING COUNT(*) = 1
)
SELECT o.itemid AS lab_itemid, o.label AS lab_label
FROM once o
JOIN repeated r ON r.itemid = o.itemid
WHERE (SELECT COUNT(*) FROM once o2 JOIN repeated r2 ON r2.itemid = o2.itemid
       WHERE r2.n > r.n OR (r2.n = r.n AND o2.itemid < o.itemid)) < 3
