-- Value noise: a unit real labs of the same fluid are reported in, but not this lab's unit
SELECT DISTINCT e.valueuom AS unit
FROM (SELECT DISTINCT e0.itemid, e0.valueuom FROM mimiciv_hosp.labevents e0 WHERE e0.valueuom IS NOT NULL) e
JOIN mimiciv_hosp.d_labitems d ON d.itemid = e.itemid
JOIN mimiciv_hosp.d_labitems d0 ON d0.itemid = {{itemid}} AND d0.fluid = d.fluid
WHERE e.valueuom IS NOT NULL AND e.valueuom <> {{unit}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents s WHERE s.itemid = {{itemid}} AND s.valueuom = e.valueuom)
