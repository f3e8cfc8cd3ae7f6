-- Record noise: a diagnosis (same ICD version) coded for other admissions in the EHR but never for this patient, and
-- with no code of its 3-character category in this admission (a parent-code reading would answer the twin)
SELECT TRIM(x.icd_code) AS icd_code, t.long_title AS icd_title
FROM (SELECT DISTINCT x0.icd_code, x0.icd_version FROM mimiciv_hosp.diagnoses_icd x0) x
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
WHERE x.icd_version = {{icd_version}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                  WHERE y.subject_id = {{subject_id}} AND y.icd_code = x.icd_code AND y.icd_version = x.icd_version)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                  WHERE y.hadm_id = {{hadm_id}} AND y.icd_version = x.icd_version
                    AND LEFT(TRIM(y.icd_code), 3) = LEFT(TRIM(x.icd_code), 3))
