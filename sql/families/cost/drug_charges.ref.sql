-- total charge of the drug's (single-component) pharmacy orders in the admission the question names by the patient
-- and its start date (one row per admission: without the date, one per admission of the patient)
SELECT ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total_cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.admissions a ON a.hadm_id = c.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND c.event_type = 'prescriptions'
  AND EXISTS (
    SELECT 1 FROM mimiciv_hosp.prescriptions p
    WHERE p.pharmacy_id = c.event_id AND p.hadm_id = a.hadm_id AND p.drug = {{drug}}
      AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.pharmacy_id = p.pharmacy_id AND q.drug <> p.drug))
GROUP BY a.hadm_id
