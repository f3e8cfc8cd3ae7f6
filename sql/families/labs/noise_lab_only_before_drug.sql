-- Query noise: a lab measured in this admission, but only before the drug was first started
SELECT d.itemid, d.label AS lab_label
FROM mimiciv_hosp.d_labitems d
WHERE d.label IN (SELECT x.label FROM mimiciv_hosp.d_labitems x GROUP BY x.label HAVING COUNT(*) = 1)
  AND (SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
       WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid AND l.valuenum IS NOT NULL)
      <= (SELECT MIN(p.starttime) FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}})
