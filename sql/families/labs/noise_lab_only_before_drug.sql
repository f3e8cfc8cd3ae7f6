-- Query noise: both events exist in the admission, but every result of the lab precedes the drug's first start.
-- Either (a) another lab measured here only before the drug was started, or (b) another drug of this admission
-- first started only after the lab's last result.
SELECT d.itemid, CASE WHEN d.label IN (SELECT q.label FROM mimiciv_hosp.d_labitems q GROUP BY q.label HAVING COUNT(*) = 1)
              THEN d.label
            WHEN d.label || '|' || d.fluid IN (SELECT q.label || '|' || q.fluid FROM mimiciv_hosp.d_labitems q
                                             GROUP BY q.label, q.fluid HAVING COUNT(*) = 1)
              THEN d.label || ' (' || LOWER(d.fluid) || ')'
            ELSE d.label || ' (' || LOWER(d.fluid) || ', ' || LOWER(d.category) || ')' END AS lab_label, {{drug}} AS drug
FROM mimiciv_hosp.d_labitems d
WHERE d.label || '|' || d.fluid || '|' || d.category IN (
      SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
      GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
  AND (SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
       WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid AND l.valuenum IS NOT NULL)
      <= (SELECT MIN(p.starttime) FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}})
UNION ALL
SELECT {{itemid}} AS itemid, {{lab_label}} AS lab_label, p.drug
FROM mimiciv_hosp.prescriptions p
WHERE p.hadm_id = {{hadm_id}} AND p.drug <> {{drug}}
GROUP BY p.drug
HAVING MIN(p.starttime) >= (SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
                            WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
