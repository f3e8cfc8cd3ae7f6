-- Record noise: a medication administered to other patients (eMAR) but never in this admission
WITH given AS (
  -- include: fragments/administered_medications.sql
)
SELECT e.medication AS drug
FROM given e
WHERE e.medication <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar x WHERE x.hadm_id = {{hadm_id}} AND x.medication = e.medication)
