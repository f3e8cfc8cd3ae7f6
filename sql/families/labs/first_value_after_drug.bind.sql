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
), lab_times AS (
  -- include: fragments/lab_times.sql
), adm_t AS (  -- the admission's drug, its first start, and the admission's first order of any drug
  SELECT dp.hadm_id, dp.drug, dp.t_drug, r.t0
  FROM dpick dp
  JOIN (SELECT q.hadm_id, MIN(q.starttime) AS t0 FROM mimiciv_hosp.prescriptions q GROUP BY q.hadm_id) r
    ON r.hadm_id = dp.hadm_id
  WHERE dp.rn = 1
), firsts AS (
  -- each lab's values at its first time after the drug (d_) and after any drug (w_), read in one pass over the
  -- index-ordered times: as a per (admission, lab, drug) minimum joined back for its values, twice, PostgreSQL
  -- hashed the whole table four times at 30,000 patients
  SELECT f.hadm_id, f.itemid, f.drug,
         MIN(CASE WHEN f.after_drug THEN f.lo END) AS d_lo, MAX(CASE WHEN f.after_drug THEN f.hi END) AS d_hi,
         MIN(CASE WHEN f.after_any THEN f.lo END) AS w_lo, MAX(CASE WHEN f.after_any THEN f.hi END) AS w_hi
  FROM (SELECT t.hadm_id, t.itemid, a.drug, t.lo, t.hi,
               t.charttime > a.t_drug AND (t.prev_time IS NULL OR t.prev_time <= a.t_drug) AS after_drug,
               t.charttime > a.t0 AND (t.prev_time IS NULL OR t.prev_time <= a.t0) AS after_any
        FROM lab_times t JOIN adm_t a ON a.hadm_id = t.hadm_id) f
  WHERE f.after_drug OR f.after_any
  GROUP BY f.hadm_id, f.itemid, f.drug
), pick AS (
  SELECT u.hadm_id, u.itemid, u.drug, u.d_lo AS v,
         ROW_NUMBER() OVER (PARTITION BY u.hadm_id ORDER BY CASE WHEN u.itemid IN (SELECT r.itemid FROM routine r)
      THEN 1 ELSE 0 END,
                                  (u.itemid * 7919 + u.hadm_id) % 1031, u.itemid) AS rn
  FROM firsts u
  WHERE u.d_lo = u.d_hi -- one value after the family's drug
    AND (u.w_lo <> u.d_lo OR u.w_hi <> u.d_lo) -- a result at the first time after any drug other than it
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
