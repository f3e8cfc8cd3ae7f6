-- (drug, lab) where some admission with the drug had the lab above its upper reference limit (the threshold)
WITH lim AS (
  SELECT l.itemid, MIN(l.ref_range_upper) AS upper, MIN(l.valueuom) AS unit
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL AND l.valueuom IS NOT NULL
  GROUP BY l.itemid
  HAVING COUNT(DISTINCT l.valueuom) = 1 AND MIN(l.ref_range_upper) > 0
), dh AS (
  SELECT DISTINCT p.drug, p.hadm_id FROM mimiciv_hosp.prescriptions p
), hit AS (
  SELECT dh.drug, lim.itemid, lim.upper, lim.unit
  FROM dh JOIN mimiciv_hosp.labevents l ON l.hadm_id = dh.hadm_id
  JOIN lim ON lim.itemid = l.itemid AND l.valuenum > lim.upper
  GROUP BY dh.drug, lim.itemid, lim.upper, lim.unit
), pick AS (
  SELECT hit.*, ROW_NUMBER() OVER (PARTITION BY hit.drug ORDER BY (hit.itemid * 7919 + LENGTH(hit.drug)) % 1049, hit.itemid) AS rn
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
