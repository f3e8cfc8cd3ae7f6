-- Query noise: another procedure of the same ICD version that Clean questions of the family ask about (performed in
-- ≥ 5 admissions), but never in an admission of the stated type: procedure and type both exist, never together
SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM (SELECT p0.icd_code, p0.icd_version FROM mimiciv_hosp.procedures_icd p0 GROUP BY p0.icd_code, p0.icd_version
      HAVING COUNT(DISTINCT p0.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))) c
JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = c.icd_code AND t.icd_version = c.icd_version
WHERE c.icd_version = {{icd_version}} AND c.icd_code <> {{icd_code}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
                  WHERE p.icd_code = c.icd_code AND p.icd_version = c.icd_version
                    AND a.admission_type = {{admission_type}})
