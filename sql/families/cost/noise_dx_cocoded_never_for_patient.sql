-- Record noise: a diagnosis (same ICD version) coded beside the Clean diagnosis in other patients' admissions (a
-- clinically plausible companion) but never for this patient, and with no code of its 3-character category in this
-- admission (a parent-code reading would answer the twin). `w.icd_code = {{icd_code}}`, not TRIM(w.icd_code): the
-- codes are CHAR, compared without their padding, and an untrimmed column keeps its index (PostgreSQL read every
-- code of the ICD version per binding: 3.6 s per 24 bindings)
SELECT DISTINCT TRIM(z.icd_code) AS icd_code, t.long_title AS icd_title
FROM mimiciv_hosp.diagnoses_icd w
JOIN mimiciv_hosp.diagnoses_icd z
  ON z.hadm_id = w.hadm_id AND z.icd_version = w.icd_version AND z.icd_code <> w.icd_code
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = z.icd_code AND t.icd_version = z.icd_version
WHERE w.icd_code = {{icd_code}} AND w.icd_version = {{icd_version}} AND w.subject_id <> {{subject_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                  WHERE y.subject_id = {{subject_id}} AND y.icd_code = z.icd_code AND y.icd_version = z.icd_version)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                  WHERE y.hadm_id = {{hadm_id}} AND y.icd_version = z.icd_version
                    AND LEFT(TRIM(y.icd_code), 3) = LEFT(TRIM(z.icd_code), 3))
