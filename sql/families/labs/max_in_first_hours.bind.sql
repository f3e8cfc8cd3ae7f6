-- (admission, lab) whose first numeric result comes 2–48 h after admission; the window is the smallest of
-- 12/24/48 h that contains it (the Query twin uses a shorter one of the same set, so no window exists only in Noise)
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the admission's other labs: the
-- Record twin asks about a lab the admission never had, which is never a routine one, so Clean questions that asked
-- mostly about routine labs left the swapped lab names (fibrinogen, D-dimer, CK-MB) to the twins, a wording tell
WITH routine AS (
  SELECT r0.itemid FROM mimiciv_hosp.labevents r0
  WHERE r0.hadm_id IS NOT NULL AND r0.valuenum IS NOT NULL
  GROUP BY r0.itemid
  HAVING COUNT(DISTINCT r0.hadm_id) >= 0.8 * (SELECT COUNT(*) FROM mimiciv_hosp.admissions)
), f AS (
  SELECT l.hadm_id, l.itemid, MIN(l.charttime) AS t0, COUNT(DISTINCT l.valueuom) AS n_units
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), g AS (
  SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, f.itemid,
         EXTRACT(EPOCH FROM (f.t0 - a.admittime)) / 3600.0 AS off_h
  FROM f JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
  WHERE f.n_units <= 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY CASE WHEN g.itemid IN (SELECT r.itemid FROM routine r)
      THEN 1 ELSE 0 END,
                                  (g.itemid * 7919 + g.hadm_id) % 1013, g.itemid) AS rn
  FROM g WHERE g.off_h >= 2 AND g.off_h <= 48
)
SELECT p.subject_id, p.hadm_id, p.admit_date, p.itemid,
-- include: fragments/lab_label.sql alias=d
     , CASE WHEN p.off_h <= 12 THEN 12 WHEN p.off_h <= 24 THEN 24 ELSE 48 END AS hours
FROM pick p JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn <= 2
-- include: fragments/lab_named_once.sql kw=AND alias=d
ORDER BY (p.hadm_id * 31 + p.itemid) % 10007, p.hadm_id, p.itemid
LIMIT 20000
