-- Query noise: a diagnosis (same ICD version) coded in another admission of this patient, but not in this one: the
-- diagnosis and the admission both exist, not together. No code of the admission shares the diagnosis's
-- 3-character category (4589 asked where 45821 is coded: a parent-code reading, 458, would answer the twin)
SELECT DISTINCT TRIM(x.icd_code) AS icd_code, t.long_title AS icd_title
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
WHERE x.subject_id = {{subject_id}} AND x.hadm_id <> {{hadm_id}} AND x.icd_version = {{icd_version}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                  WHERE y.hadm_id = {{hadm_id}} AND y.icd_version = x.icd_version
                    AND LEFT(TRIM(y.icd_code), 3) = LEFT(TRIM(x.icd_code), 3))
