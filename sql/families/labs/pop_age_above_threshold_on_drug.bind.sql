-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (drug, lab, cut-off) where ≥ 20 admissions with the drug had the lab above a standard cut-off: 1, 1.5, 2, 3 or 5 ×
-- its upper reference limit (the Query twin's never-crossed threshold comes from the same set). n_adm: that cohort's
-- size, which the question states (the Value twin misstates it). Kept: the bindings a Query twin can be built from (a
-- higher cut-off of the same lab, bound for another drug, that no admission with this drug exceeded; or another
-- bound drug whose admissions had the lab but never above this cut-off): only those became pairs before the count
-- was stated (37 of 160 sampled), and Query twins are the family's clinical-content twins
WITH lim AS (
  SELECT l.itemid, MIN(l.ref_range_upper) AS upper, MIN(l.valueuom) AS unit
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL AND l.valueuom IS NOT NULL
  GROUP BY l.itemid
  HAVING MIN(l.valueuom) = MAX(l.valueuom) AND MIN(l.ref_range_upper) > 0  -- one unit (hashed; a COUNT(DISTINCT) sorts)
), dh AS (
  SELECT DISTINCT p.drug, p.hadm_id FROM mimiciv_hosp.prescriptions p
), lmax AS (
  -- an admission is above a cut-off when its highest value is (one row per admission and lab, not per result)
  SELECT l.hadm_id, l.itemid, MAX(l.valuenum) AS vmax
  FROM mimiciv_hosp.labevents l JOIN lim ON lim.itemid = l.itemid
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), hit AS (
  -- (one row per admission in a group: dh is distinct (drug, admission), lmax one row per (admission, lab), so
  -- COUNT(*) is the COUNT(DISTINCT hadm_id) and can be hashed instead of sorted)
  SELECT dh.drug, lim.itemid, ROUND(CAST(lim.upper * k.k AS NUMERIC), 1) AS upper, lim.unit, k.k,
         COUNT(*) AS n_adm  -- the cohort: admissions with the drug whose highest result is above
  FROM dh JOIN lmax l ON l.hadm_id = dh.hadm_id
  JOIN lim ON lim.itemid = l.itemid
  CROSS JOIN (VALUES (1.0), (1.5), (2.0), (3.0), (5.0)) AS k(k)
  WHERE l.vmax > ROUND(CAST(lim.upper * k.k AS NUMERIC), 1)
  GROUP BY dh.drug, lim.itemid, lim.upper, lim.unit, k.k
  HAVING COUNT(*) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), drug_max AS (  -- per (bound drug, bound lab): the highest result over the drug's admissions
  SELECT dh.drug, l.itemid, MAX(l.vmax) AS vmax
  FROM dh JOIN lmax l ON l.hadm_id = dh.hadm_id
  WHERE dh.drug IN (SELECT h.drug FROM hit h) AND l.itemid IN (SELECT h.itemid FROM hit h)
  GROUP BY dh.drug, l.itemid
), top_cut AS (  -- per lab: its highest bound cut-off
  SELECT h.itemid, MAX(h.upper) AS upper FROM hit h GROUP BY h.itemid
), low AS (  -- per lab: the bound drugs by their highest result, lowest first (the two lowest are read below)
  SELECT m.itemid, m.drug, m.vmax, ROW_NUMBER() OVER (PARTITION BY m.itemid ORDER BY m.vmax, m.drug) AS rn
  FROM drug_max m
), capable AS (
  -- a higher bound cut-off of the lab that this drug's admissions never reached: then the highest one is such a
  -- cut-off; another bound drug whose highest result is at most this cut-off: then the lowest such drug other than
  -- this one is (the lowest, or the second lowest when the lowest is this drug). Set-based, not EXISTS per row,
  -- which PostgreSQL ran as a scan of both CTEs per row (on the default EHR the query took 32.7 CPU-s, now 4.7)
  SELECT h.* FROM hit h
  JOIN drug_max m ON m.drug = h.drug AND m.itemid = h.itemid
  JOIN top_cut t ON t.itemid = h.itemid
  JOIN low l1 ON l1.itemid = h.itemid AND l1.rn = 1
  LEFT JOIN low l2 ON l2.itemid = h.itemid AND l2.rn = 2
  WHERE (t.upper > h.upper AND t.upper >= m.vmax)
     OR (l1.drug <> h.drug AND l1.vmax <= h.upper) OR l2.vmax <= h.upper
), pick AS (
  SELECT hit.*, ROW_NUMBER() OVER (PARTITION BY hit.drug
      ORDER BY (hit.itemid * 7919 + LENGTH(hit.drug) + CAST(hit.k * 10 AS INTEGER) * 101) % 1049,
                                                           hit.itemid, hit.k) AS rn
  FROM capable hit
)
SELECT p.drug, p.itemid,
-- include: fragments/lab_label.sql alias=d
  , CAST(p.upper AS DOUBLE PRECISION) AS threshold, p.unit, p.n_adm
FROM pick p JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn <= 4
-- include: fragments/lab_named_once.sql kw=AND alias=d
