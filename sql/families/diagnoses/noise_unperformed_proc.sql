-- Record noise: a real procedure of the same ICD version (same 3-character category, else same 2-character block) that
--   nobody in the EHR underwent
SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_procedures t
WHERE t.icd_version = {{icd_version}} AND t.icd_code <> {{icd_code}}
  AND (SUBSTRING(t.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3)
       OR (SUBSTRING(t.icd_code, 1, 2) = SUBSTRING({{icd_code}}, 1, 2)
           AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_procedures sib
                           WHERE sib.icd_version = {{icd_version}} AND sib.icd_code <> {{icd_code}}
                             AND SUBSTRING(sib.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3))))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd p WHERE p.icd_code = t.icd_code
      AND p.icd_version = t.icd_version)
