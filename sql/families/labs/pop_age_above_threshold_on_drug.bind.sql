-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (drug, lab, cut-off) where ≥ 20 admissions with the drug had the lab above a standard cut-off: 1, 1.5, 2, 3 or 5 ×
-- its upper reference limit (the Query twin's never-crossed threshold comes from the same set)
WITH lim AS (
  SELECT l.itemid, MIN(l.ref_range_upper) AS upper, MIN(l.valueuom) AS unit
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL AND l.valueuom IS NOT NULL
  GROUP BY l.itemid
  HAVING COUNT(DISTINCT l.valueuom) = 1 AND MIN(l.ref_range_upper) > 0
), dh AS (
  SELECT DISTINCT p.drug, p.hadm_id FROM mimiciv_hosp.prescriptions p
), lmax AS (  -- an admission is above a cut-off when its highest value is (one row per admission and lab, not per result)
  SELECT l.hadm_id, l.itemid, MAX(l.valuenum) AS vmax
  FROM mimiciv_hosp.labevents l JOIN lim ON lim.itemid = l.itemid
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), hit AS (
  SELECT dh.drug, lim.itemid, ROUND(CAST(lim.upper * k.k AS NUMERIC), 1) AS upper, lim.unit, k.k
  FROM dh JOIN lmax l ON l.hadm_id = dh.hadm_id
  JOIN lim ON lim.itemid = l.itemid
  CROSS JOIN (VALUES (1.0), (1.5), (2.0), (3.0), (5.0)) AS k(k)
  WHERE l.vmax > ROUND(CAST(lim.upper * k.k AS NUMERIC), 1)
  GROUP BY dh.drug, lim.itemid, lim.upper, lim.unit, k.k
  HAVING COUNT(DISTINCT dh.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT hit.*, ROW_NUMBER() OVER (PARTITION BY hit.drug ORDER BY (hit.itemid * 7919 + LENGTH(hit.drug) + CAST(hit.k * 10 AS INTEGER) * 101) % 1049,
                                                           hit.itemid, hit.k) AS rn
  FROM hit
)
SELECT p.drug, p.itemid, CASE WHEN d.label IN (SELECT q.label FROM mimiciv_hosp.d_labitems q GROUP BY q.label HAVING COUNT(*) = 1)
              THEN d.label
            WHEN d.label || '|' || d.fluid IN (SELECT q.label || '|' || q.fluid FROM mimiciv_hosp.d_labitems q
                                             GROUP BY q.label, q.fluid HAVING COUNT(*) = 1)
              THEN d.label || ' (' || LOWER(d.fluid) || ')'
            ELSE d.label || ' (' || LOWER(d.fluid) || ', ' || LOWER(d.category) || ')' END AS lab_label, CAST(p.upper AS DOUBLE PRECISION) AS threshold, p.unit
FROM pick p JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn <= 4
  AND d.label || '|' || d.fluid || '|' || d.category IN (
      SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
      GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
