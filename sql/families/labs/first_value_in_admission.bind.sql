-- (admission, numeric lab with an named unambiguously by label, fluid and category) whose first result is a single
--   value; ≤ 2 labs per admission
-- The question names the admission by its start date only, so the date must select it: the lab's first result in
-- another admission of the same patient differs (without the date the question has several answers, and a Noise
-- twin's shifted date is not a restatement a reader can correct)
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the admission's other labs: the
-- Record twin asks about a lab the admission never had, which is never a routine one, so Clean questions that asked
-- mostly about routine labs left the swapped lab names (fibrinogen, D-dimer, CK-MB) to the twins, a wording tell
WITH routine AS (
  -- include: fragments/routine_labs.sql
), f AS (
  SELECT l.hadm_id, l.itemid, MIN(l.charttime) AS t0
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), u AS (
  SELECT f.hadm_id, f.itemid
  FROM f JOIN mimiciv_hosp.labevents l
    ON l.hadm_id = f.hadm_id AND l.itemid = f.itemid AND l.charttime = f.t0 AND l.valuenum IS NOT NULL
  GROUP BY f.hadm_id, f.itemid
  HAVING MIN(l.valuenum) = MAX(l.valuenum)
     AND (MIN(l.valueuom) IS NULL OR MIN(l.valueuom) = MAX(l.valueuom))
), fv AS (
  SELECT f.hadm_id, f.itemid, a0.subject_id, MIN(l.valuenum) AS v
  FROM f JOIN mimiciv_hosp.labevents l
    ON l.hadm_id = f.hadm_id AND l.itemid = f.itemid AND l.charttime = f.t0 AND l.valuenum IS NOT NULL
  JOIN mimiciv_hosp.admissions a0 ON a0.hadm_id = f.hadm_id
  GROUP BY f.hadm_id, f.itemid, a0.subject_id
), sel AS (
  SELECT u.hadm_id, u.itemid
  FROM u JOIN fv ON fv.hadm_id = u.hadm_id AND fv.itemid = u.itemid
  WHERE EXISTS (SELECT 1 FROM fv o WHERE o.subject_id = fv.subject_id AND o.itemid = fv.itemid
                                     AND o.hadm_id <> fv.hadm_id AND o.v <> fv.v)
), pick AS (
  SELECT u.hadm_id, u.itemid,
         ROW_NUMBER() OVER (PARTITION BY u.hadm_id ORDER BY CASE WHEN u.itemid IN (SELECT r.itemid FROM routine r)
             THEN 1 ELSE 0 END,
                                  (u.itemid * 7919 + u.hadm_id) % 1009, u.itemid) AS rn
  FROM sel u
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.itemid,
-- include: fragments/lab_label.sql alias=d
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn <= 2
-- include: fragments/lab_named_once.sql kw=AND alias=d
ORDER BY (a.hadm_id * 31 + p.itemid) % 10007, a.hadm_id, p.itemid
LIMIT 20000
