-- total of the admission's charges of that kind (one row per admission: without the date, one per admission of the
-- patient)
SELECT ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total_cost
FROM mimiciv_derived.cost c
JOIN mimiciv_hosp.admissions a ON a.hadm_id = c.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND c.event_type = CASE {{charge_kind}} WHEN 'diagnosis' THEN 'diagnoses_icd' WHEN 'procedure' THEN 'procedures_icd'
                                          WHEN 'lab test' THEN 'labevents' ELSE 'prescriptions' END
GROUP BY a.hadm_id
