-- intent: medications; level: population
SELECT p.hadm_id, EXTRACT(EPOCH FROM MIN(p.starttime) - a.admittime) / 3600 AS hours_to_vanco
FROM mimiciv_hosp.prescriptions p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.drug ILIKE '%vancomycin%'
GROUP BY p.hadm_id, a.admittime;
