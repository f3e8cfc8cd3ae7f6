-- total charge of the drug's (single-component) pharmacy orders in the admission
SELECT ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total_cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.admissions a ON a.hadm_id = c.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND c.event_type = 'prescriptions'
  AND c.event_id IN (
    SELECT p.pharmacy_id FROM mimiciv_hosp.prescriptions p
    WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}}
      AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.pharmacy_id = p.pharmacy_id AND q.drug <> p.drug))
