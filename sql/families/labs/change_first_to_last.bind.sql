-- (admission, lab) measured at ≥ 2 times, with a single value at the first and at the last time
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the admission's other labs: the
-- Record twin asks about a lab the admission never had, which is never a routine one, so Clean questions that asked
-- mostly about routine labs left the swapped lab names (fibrinogen, D-dimer, CK-MB) to the twins, a wording tell
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: the lab was measured repeatedly in another admission of the patient too (without the date the question
-- has several answers, so a twin's false date is not a restatement a reader can correct)
WITH routine AS (
  -- include: fragments/routine_labs.sql
), f AS (
  SELECT l.hadm_id, l.itemid, MIN(l.charttime) AS t0, MAX(l.charttime) AS t1,
         CASE WHEN MIN(l.valueuom) IS NULL THEN 0 WHEN MIN(l.valueuom) = MAX(l.valueuom) THEN 1 ELSE 2 END AS n_units
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
  HAVING MIN(l.charttime) < MAX(l.charttime)
), u AS (
  SELECT f.hadm_id, f.itemid
  FROM f JOIN mimiciv_hosp.labevents l
    ON l.hadm_id = f.hadm_id AND l.itemid = f.itemid AND l.valuenum IS NOT NULL AND l.charttime IN (f.t0, f.t1)
  WHERE f.n_units <= 1
  GROUP BY f.hadm_id, f.itemid
  HAVING COUNT(DISTINCT CASE WHEN l.charttime = f.t0 THEN l.valuenum END) = 1
     AND COUNT(DISTINCT CASE WHEN l.charttime = f.t1 THEN l.valuenum END) = 1
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.hadm_id ORDER BY CASE WHEN u.itemid IN (SELECT r.itemid FROM routine r)
      THEN 1 ELSE 0 END,
                                  (u.itemid * 7919 + u.hadm_id) % 1033, u.itemid) AS rn
  FROM u
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.itemid,
-- include: fragments/lab_label.sql alias=d
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn <= 2
  AND EXISTS (SELECT 1 FROM u o JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              WHERE ao.subject_id = a.subject_id AND o.hadm_id <> a.hadm_id AND o.itemid = p.itemid)
-- include: fragments/lab_named_once.sql kw=AND alias=d
ORDER BY (a.hadm_id * 31 + p.itemid) % 10007, a.hadm_id, p.itemid
LIMIT 20000
