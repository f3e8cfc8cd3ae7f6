-- intent: diagnoses; level: population
SELECT p.icd_version, COUNT(*) AS early_procedures
FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.chartdate <= a.admittime + INTERVAL '2 days'
GROUP BY p.icd_version;
