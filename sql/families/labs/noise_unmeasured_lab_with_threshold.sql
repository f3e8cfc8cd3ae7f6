-- Record noise: a lab of the same fluid and category never measured in this admission, stated with its own unit and
-- one of its two lower standard cut-offs (1 or 1.5 × its upper reference limit, as Clean twins of that lab use), so
-- a swapped lab never keeps the old lab's threshold (the 2 and 3 × cut-offs, rare among the Clean questions, which
-- state the highest cut-off an admission crossed, named "400 mg/dL" or "500 ng/mL" in twins only)
SELECT d.itemid, CASE WHEN d.label IN (SELECT q.label FROM mimiciv_hosp.d_labitems q GROUP BY q.label HAVING COUNT(*) = 1)
              THEN d.label
            WHEN d.label || '|' || d.fluid IN (SELECT q.label || '|' || q.fluid FROM mimiciv_hosp.d_labitems q
                                             GROUP BY q.label, q.fluid HAVING COUNT(*) = 1)
              THEN d.label || ' (' || LOWER(d.fluid) || ')'
            ELSE d.label || ' (' || LOWER(d.fluid) || ', ' || LOWER(d.category) || ')' END AS lab_label, x.unit,
       CAST(ROUND(CAST(x.upper * k.k AS NUMERIC), 1) AS DOUBLE PRECISION) AS threshold
FROM mimiciv_hosp.d_labitems d
JOIN mimiciv_hosp.d_labitems d0 ON d0.itemid = {{itemid}} AND d0.category = d.category AND d0.fluid = d.fluid
JOIN (SELECT e.itemid, MIN(e.valueuom) AS unit, MIN(e.ref_range_upper) AS upper FROM mimiciv_hosp.labevents e
      WHERE e.valuenum IS NOT NULL AND e.valueuom IS NOT NULL AND e.ref_range_upper IS NOT NULL
      GROUP BY e.itemid HAVING COUNT(DISTINCT e.valueuom) = 1 AND MIN(e.ref_range_upper) > 0) x
  ON x.itemid = d.itemid
CROSS JOIN (VALUES (1.0), (1.5)) AS k(k)
WHERE d.itemid <> {{itemid}}
  AND d.label || '|' || d.fluid || '|' || d.category IN (
      SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
      GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid)
