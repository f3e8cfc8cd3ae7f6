-- Record noise: a medication administered to other patients (eMAR) but never in this admission
SELECT DISTINCT e.medication AS drug
FROM mimiciv_hosp.emar e
WHERE e.event_txt = 'Administered' AND e.medication IS NOT NULL AND e.medication <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar x WHERE x.hadm_id = {{hadm_id}} AND x.medication = e.medication)
