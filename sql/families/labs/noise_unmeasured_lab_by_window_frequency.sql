-- Record noise: a real lab of the same fluid and category (named unambiguously by label, fluid and category) never
-- drawn in this admission (neither filed under it nor drawn, unfiled, during its stay), drawn three times with the
-- frequency with which the family's Clean questions can name it: admissions whose first result of the lab comes
-- 2–48 h after the admission time, as the binding requires (seeded by the admission and lab). Weighting by every
-- admission with the lab (labs/noise_unmeasured_lab_by_frequency.sql) named labs drawn mostly on arrival (total
-- protein, CRP, NT-proBNP, ferritin) in 38 of 160 twins against 5 Clean questions, a wording tell
--   named    every lab named unambiguously by label, fluid and category, with its display label and the
--            admissions whose first numeric result of it is 2–48 h after admission (slot-free: hoisted)
--   (then fragments/unmeasured_lab_draw.sql: the labs never drawn in this admission, three weighted draws)
WITH named AS (
  SELECT d.itemid, d.fluid, d.category, f.n,
-- include: fragments/lab_label.sql alias=d
  FROM mimiciv_hosp.d_labitems d
  JOIN (SELECT l0.itemid, COUNT(*) AS n
        FROM (SELECT l1.hadm_id, l1.itemid, MIN(l1.charttime) AS t0
              FROM mimiciv_hosp.labevents l1
              WHERE l1.valuenum IS NOT NULL AND l1.hadm_id IS NOT NULL
              GROUP BY l1.hadm_id, l1.itemid) l0
        JOIN mimiciv_hosp.admissions a0 ON a0.hadm_id = l0.hadm_id
        WHERE l0.t0 >= a0.admittime + INTERVAL '2 hours' AND l0.t0 <= a0.admittime + INTERVAL '48 hours'
        GROUP BY l0.itemid) f ON f.itemid = d.itemid
-- include: fragments/unmeasured_lab_draw.sql
