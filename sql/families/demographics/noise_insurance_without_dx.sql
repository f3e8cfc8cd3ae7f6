-- Value noise: the stated insurance is one admissions have, but never one coded with this diagnosis (the cohort has
-- none)
SELECT a.insurance
FROM (SELECT DISTINCT a0.insurance FROM mimiciv_hosp.admissions a0) a
WHERE a.insurance IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a2 ON a2.hadm_id = x.hadm_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND a2.insurance = a.insurance)
