SELECT DISTINCT CAST(p.dose_val_rx AS DOUBLE PRECISION) AS dose, p.dose_unit_rx
FROM mimiciv_hosp.prescriptions p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND p.drug = {{drug}} AND p.dose_val_rx ~ '^[0-9]+(\.[0-9]+)?$'
  AND p.starttime = (SELECT MIN(p2.starttime) FROM mimiciv_hosp.prescriptions p2
                     WHERE p2.hadm_id = a.hadm_id AND p2.drug = {{drug}})
