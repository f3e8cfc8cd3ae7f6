-- Query noise: a admission_location that exists among admissions, but never with this diagnosis
SELECT a.admission_location
FROM (SELECT DISTINCT a0.admission_location FROM mimiciv_hosp.admissions a0) a
WHERE a.admission_location IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a2 ON a2.hadm_id = x.hadm_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                      AND a2.admission_location = a.admission_location)
