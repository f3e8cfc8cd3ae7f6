-- (admission, drug, lab) where the lab has a single numeric result at its first time after the drug's first start
-- The drug must select the result: the lab's first result after the admission's first order of any drug has another
-- value (else a twin naming a drug never ordered in the admission is answered by dropping the drug)
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the admission's other labs: the
-- Record twin asks about a lab the admission never had, which is never a routine one, so Clean questions that asked
-- mostly about routine labs left the swapped lab names (fibrinogen, D-dimer, CK-MB) to the twins, a wording tell
WITH routine AS (
  -- include: fragments/routine_labs.sql
), d0 AS (
  SELECT p.hadm_id, p.drug, MIN(p.starttime) AS t_drug
  FROM mimiciv_hosp.prescriptions p WHERE p.starttime IS NOT NULL
  GROUP BY p.hadm_id, p.drug
), dpick AS (
  SELECT d0.*, ROW_NUMBER() OVER (PARTITION BY d0.hadm_id ORDER BY (LENGTH(d0.drug) * 7919 + d0.hadm_id) % 1021,
      d0.drug) AS rn
  FROM d0
), la AS (
  SELECT l.hadm_id, l.itemid, dp.drug, MIN(l.charttime) AS t1
  FROM dpick dp JOIN mimiciv_hosp.labevents l ON l.hadm_id = dp.hadm_id AND l.charttime > dp.t_drug
  WHERE dp.rn = 1 AND l.valuenum IS NOT NULL
  GROUP BY l.hadm_id, l.itemid, dp.drug
), u AS (
  SELECT la.hadm_id, la.itemid, la.drug, MIN(l.valuenum) AS v
  FROM la JOIN mimiciv_hosp.labevents l ON l.hadm_id = la.hadm_id AND l.itemid = la.itemid AND l.charttime = la.t1
  WHERE l.valuenum IS NOT NULL
  GROUP BY la.hadm_id, la.itemid, la.drug
  HAVING COUNT(DISTINCT l.valuenum) = 1
), any_rx AS (
  -- the admission's first order of any drug, each lab's first time after it and the values there, grouped once: as a
  -- correlated subquery per (admission, lab, drug), PostgreSQL ran it 3.7M times at 30,000 patients
  SELECT q.hadm_id, MIN(q.starttime) AS t0 FROM mimiciv_hosp.prescriptions q GROUP BY q.hadm_id
), any_first AS (
  SELECT l4.hadm_id, l4.itemid, MIN(l4.charttime) AS t1
  FROM mimiciv_hosp.labevents l4 JOIN any_rx r ON r.hadm_id = l4.hadm_id
  WHERE l4.valuenum IS NOT NULL AND l4.charttime > r.t0
  GROUP BY l4.hadm_id, l4.itemid
), any_vals AS (
  SELECT f.hadm_id, f.itemid, MIN(l3.valuenum) AS lo, MAX(l3.valuenum) AS hi
  FROM any_first f
  JOIN mimiciv_hosp.labevents l3 ON l3.hadm_id = f.hadm_id AND l3.itemid = f.itemid AND l3.charttime = f.t1
  WHERE l3.valuenum IS NOT NULL
  GROUP BY f.hadm_id, f.itemid
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.hadm_id ORDER BY CASE WHEN u.itemid IN (SELECT r.itemid FROM routine r)
      THEN 1 ELSE 0 END,
                                  (u.itemid * 7919 + u.hadm_id) % 1031, u.itemid) AS rn
  FROM u
  JOIN any_vals w ON w.hadm_id = u.hadm_id AND w.itemid = u.itemid
  WHERE w.lo <> u.v OR w.hi <> u.v -- a result there other than the value after the family's drug
)
SELECT a.subject_id, a.hadm_id, p.drug, p.itemid,
-- include: fragments/lab_label.sql alias=d
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn = 1
-- include: fragments/lab_named_once.sql kw=AND alias=d
ORDER BY (a.hadm_id * 31 + p.itemid) % 10007, a.hadm_id
LIMIT 20000
