-- angiotensin receptor blockers are not prescribed in admissions coded with acute kidney failure or hyperkalemia
SELECT COUNT(DISTINCT p.hadm_id) AS violations
FROM mimiciv_hosp.prescriptions p
JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = p.hadm_id
WHERE LOWER(p.drug) LIKE '%sartan%'
  AND ((d.icd_version = 10 AND d.icd_code IN ('N179', 'E875')) OR (d.icd_version = 9 AND d.icd_code IN ('5849', '2767')))
