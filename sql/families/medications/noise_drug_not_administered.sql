-- Record noise: a medication administered to other patients (eMAR) but never in this admission
-- (given: a CTE with no slot, so a build computes it once, not once per query; pipeline/construction/constants.py)
WITH given AS (
  SELECT DISTINCT e0.medication FROM mimiciv_hosp.emar e0
  WHERE e0.event_txt = 'Administered' AND e0.medication IS NOT NULL
)
SELECT e.medication AS drug
FROM given e
WHERE e.medication <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar x WHERE x.hadm_id = {{hadm_id}} AND x.medication = e.medication)
