-- (admission, lab) where some result exceeds the lab's upper reference limit; the threshold is one of the standard
-- cut-offs 1, 1.5, 2 or 3 × that limit: the highest one the admission crossed, and the Query twin's is the lowest
-- one it never crossed, so both come from the same set and sit next to each other (a random crossed cut-off against
-- a random uncrossed one put the 3 × cut-offs in most twins and few Clean questions: a wording tell)
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the admission's other labs: the
-- Record twin asks about a lab the admission never had, which is never a routine one (a wording tell otherwise)
-- The bindings are spread evenly over each lab's four cut-offs (≤ 5 per lab and cut-off): the Query twin states the
-- next cut-off up, so with the cut-offs as the EHR has them (1 × in 64 % of bindings, 3 × in 7 %) the twins said
-- "1.5 ×" twice as often as the Clean questions and "3 ×" never (a wording tell: "60 IU/L" for AST/ALT in 22 twins and
-- 7 Clean questions); and the labs are spread evenly, as the Record twin's swapped lab is drawn evenly among them.
-- Limits under 0.1 are left out: rounded to one decimal every cut-off of troponin T (0.01 ng/mL) read "above 0.0"
-- The admission, the lab and the threshold must each select the answer: the patient's lab crossed the threshold in
-- another admission too (a twin naming an admission without the crossing is not answered by the patient's only
-- crossing), and the admission's first result of the lab was at or under the threshold (a twin with a threshold never
-- crossed is not answered by the lab's first result)
WITH routine AS (
  -- include: fragments/routine_labs.sql
), lim AS (
  SELECT l.itemid, MIN(l.ref_range_upper) AS upper, MIN(l.valueuom) AS unit
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL AND l.valueuom IS NOT NULL
  GROUP BY l.itemid
  HAVING MIN(l.valueuom) = MAX(l.valueuom) AND MIN(l.ref_range_upper) >= 0.1
), peak AS (  -- each admission's highest result of each lab: a cut-off is crossed when the peak is above it (every
  -- lab's, grouped in the (admission, lab) index's order; joined to `lim` first, PostgreSQL hashed the whole table)
  SELECT l.hadm_id, l.itemid, MAX(l.valuenum) AS peak
  FROM mimiciv_hosp.labevents l
  WHERE l.hadm_id IS NOT NULL AND l.valuenum IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), cut AS (  -- each lab's four cut-offs, rounded once (not once per admission)
  SELECT lim.itemid, ROUND(CAST(lim.upper * k.k AS NUMERIC), 1) AS upper, lim.unit, k.k
  FROM lim CROSS JOIN (VALUES (1.0), (1.5), (2.0), (3.0)) AS k(k)
), hi AS (
  SELECT m.hadm_id, m.itemid, c.upper, c.unit, c.k
  FROM peak m JOIN cut c ON c.itemid = m.itemid
  WHERE m.peak > c.upper
), top AS (
  SELECT w.hadm_id, w.itemid, w.upper, w.unit, w.k
  FROM (SELECT hi.*, MAX(hi.k) OVER (PARTITION BY hi.hadm_id, hi.itemid) AS k_top FROM hi) w
  WHERE w.k = w.k_top
), sel AS (
  SELECT top.*, a0.subject_id FROM top JOIN mimiciv_hosp.admissions a0 ON a0.hadm_id = top.hadm_id
), sel2 AS (
  SELECT s.hadm_id, s.itemid, s.upper, s.unit, s.k FROM sel s
  WHERE EXISTS (SELECT 1 FROM peak o JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              WHERE ao.subject_id = s.subject_id AND o.hadm_id <> s.hadm_id AND o.itemid = s.itemid
                AND o.peak > s.upper)
  AND (SELECT MAX(f.valuenum) FROM mimiciv_hosp.labevents f
       WHERE f.hadm_id = s.hadm_id AND f.itemid = s.itemid AND f.valuenum IS NOT NULL
         AND f.charttime = (SELECT MIN(f2.charttime) FROM mimiciv_hosp.labevents f2
                            WHERE f2.hadm_id = s.hadm_id AND f2.itemid = s.itemid AND f2.valuenum IS NOT NULL))
      <= s.upper
), pick AS (
  SELECT hi.*, ROW_NUMBER() OVER (PARTITION BY hi.hadm_id
                                  ORDER BY CASE WHEN hi.itemid IN (SELECT r.itemid FROM routine r) THEN 1 ELSE 0 END,
                                           (hi.itemid * 7919 + hi.hadm_id + CAST(hi.k * 10 AS INTEGER) * 101) % 1019,
                                           hi.itemid, hi.k) AS rn
  FROM sel2 hi
), even AS (
  SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.itemid, pick.k ORDER BY (pick.hadm_id * 31 + pick.itemid) % 10007,
                                                                            pick.hadm_id) AS rn_k
  FROM pick WHERE pick.rn <= 2
)
SELECT a.subject_id, a.hadm_id, p.itemid,
-- include: fragments/lab_label.sql alias=d
  , CAST(p.upper AS DOUBLE PRECISION) AS threshold, p.unit
FROM even p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn_k <= 5
-- include: fragments/lab_named_once.sql kw=AND alias=d
ORDER BY (a.hadm_id * 31 + p.itemid) % 10007, a.hadm_id, p.itemid
LIMIT 20000
