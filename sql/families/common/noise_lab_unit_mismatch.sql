-- Value noise: a unit real labs of the same fluid are reported in, but not this lab's unit nor an equivalent of it
-- (mEq/L and mmol/L are the same for monovalent ions: a reader would convert, so that twin would be answerable)
-- (lab_units: a CTE with no slot, so a build computes it once, not once per query; pipeline/construction/constants.py)
WITH lab_units AS (SELECT DISTINCT e0.itemid, e0.valueuom FROM mimiciv_hosp.labevents e0 WHERE e0.valueuom IS NOT NULL)
SELECT DISTINCT e.valueuom AS unit
FROM lab_units e
JOIN mimiciv_hosp.d_labitems d ON d.itemid = e.itemid
JOIN mimiciv_hosp.d_labitems d0 ON d0.itemid = {{itemid}} AND d0.fluid = d.fluid
WHERE e.valueuom IS NOT NULL AND e.valueuom <> {{unit}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents s WHERE s.itemid = {{itemid}} AND s.valueuom = e.valueuom)
  AND NOT (LOWER(e.valueuom) IN ('meq/l', 'mmol/l') AND LOWER({{unit}}) IN ('meq/l', 'mmol/l'))
