-- Value noise: the title of a different diagnosis code of the same ICD version (same 3-character category, else same 2-character block),
-- so the stated code and title contradict each other
SELECT DISTINCT d.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses d
WHERE d.icd_version = {{icd_version}} AND d.icd_code <> {{icd_code}}
  AND (SUBSTRING(d.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3)
       OR (SUBSTRING(d.icd_code, 1, 2) = SUBSTRING({{icd_code}}, 1, 2)
           AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses sib
                           WHERE sib.icd_version = {{icd_version}} AND sib.icd_code <> {{icd_code}}
                             AND SUBSTRING(sib.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3))))
  AND d.long_title <> {{icd_title}}
