-- Record noise: another diagnosis (same ICD version; match_clean keeps those Clean questions name) that no admission
-- of a patient in the question's age band was coded with: the cohort the question presupposes is empty. Replaces the
-- three most often coded such diagnoses, which recurred over the Noise (a tell: AUROC 0.94)
--   dx_band  the 10-year age bands each diagnosis occurs in (reads no slot: once per chunk of bindings)
WITH dx_band AS (
  SELECT DISTINCT x.icd_code, x.icd_version,
         CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 10.0) * 10 AS INTEGER) AS age_lo
  FROM mimiciv_hosp.diagnoses_icd x
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
)
SELECT DISTINCT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM (SELECT DISTINCT b0.icd_code, b0.icd_version FROM dx_band b0) c
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = c.icd_code AND t.icd_version = c.icd_version
WHERE c.icd_version = {{icd_version}} AND TRIM(c.icd_code) <> {{icd_code}}
  AND NOT EXISTS (SELECT 1 FROM dx_band z
                  WHERE z.icd_code = c.icd_code AND z.icd_version = c.icd_version AND z.age_lo = {{age_lo}})
