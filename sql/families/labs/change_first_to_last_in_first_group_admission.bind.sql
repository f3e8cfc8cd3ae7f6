-- (patient, diagnosis group, lab test with an unambiguous label) where the lab has ≥ 2 numeric results in the
-- patient's first admission with the group, one result at the first and one at the last time; ≤ 1 lab per pair
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the admission's other repeated labs:
-- the Query twin asks about a lab drawn once in the admission, never a routine one, so Clean questions about routine
-- labs left the once-drawn lab names to the twins (AUROC 0.85 for this family alone), a wording tell
WITH routine AS (
  -- include: fragments/routine_labs.sql
), dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
-- include: fragments/group_first_admission_untied.sql
), lab_ends AS (
  SELECT l.hadm_id, l.itemid, MIN(l.charttime) AS t_first, MAX(l.charttime) AS t_last, COUNT(*) AS n
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IN (SELECT hadm_id FROM idx)
  GROUP BY l.hadm_id, l.itemid
), ok AS (
  SELECT e.hadm_id, e.itemid
  FROM lab_ends e
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = e.itemid
  WHERE e.n >= 2 AND e.t_last > e.t_first
    AND li.label IN (SELECT li2.label FROM mimiciv_hosp.d_labitems li2 GROUP BY li2.label HAVING COUNT(*) = 1)
    AND (SELECT COUNT(*) FROM mimiciv_hosp.labevents l WHERE l.hadm_id = e.hadm_id AND l.itemid = e.itemid
           AND l.valuenum IS NOT NULL AND (l.charttime = e.t_first OR l.charttime = e.t_last)) = 2
), pick AS (
  SELECT i.subject_id, i.dx_group, i.admittime, o.itemid,
         ROW_NUMBER() OVER (PARTITION BY i.subject_id, i.dx_group ORDER BY CASE WHEN o.itemid IN (SELECT r.itemid
             FROM routine r) THEN 1 ELSE 0 END,
                                    (o.itemid * 7919 + i.subject_id) % 1097, o.itemid) AS rn
  FROM idx i JOIN ok o ON o.hadm_id = i.hadm_id
)
SELECT p.subject_id, p.dx_group, CAST(p.admittime AS DATE) AS admit_date,
       p.itemid AS lab_itemid, li.label AS lab_label
FROM pick p JOIN mimiciv_hosp.d_labitems li ON li.itemid = p.itemid
WHERE p.rn = 1
