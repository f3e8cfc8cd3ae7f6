-- Value noise: the stated admission type is one that exists, but never with this procedure (the cohort has none)
SELECT a.admission_type
FROM (SELECT DISTINCT a0.admission_type FROM mimiciv_hosp.admissions a0) a
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a2 ON a2.hadm_id = p.hadm_id
                  WHERE p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}}
                    AND a2.admission_type = a.admission_type)
