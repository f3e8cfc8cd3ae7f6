-- Value noise: the stated admission type is one that exists, but never with this diagnosis (the cohort has none)
SELECT a.admission_type
FROM (SELECT DISTINCT a0.admission_type FROM mimiciv_hosp.admissions a0) a
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a2 ON a2.hadm_id = x.hadm_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                    AND a2.admission_type = a.admission_type)
