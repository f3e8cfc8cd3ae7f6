-- Query noise: a threshold ~10–25 % above the highest result of the lab among admissions with the drug
SELECT t.threshold FROM (
  SELECT CAST(ROUND(CAST(m.mx * f.f AS NUMERIC), 1) AS DOUBLE PRECISION) AS threshold, m.mx
  FROM (SELECT MAX(l.valuenum) AS mx FROM mimiciv_hosp.prescriptions p
        JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
        WHERE p.drug = {{drug}} AND l.itemid = {{itemid}}) m
  CROSS JOIN (VALUES (1.1), (1.25)) AS f(f)
) t
WHERE t.threshold >= t.mx
