-- Value noise: the title of a different procedure code of the same ICD version
SELECT DISTINCT d.long_title AS icd_title
FROM mimiciv_hosp.d_icd_procedures d
WHERE d.icd_version = {{icd_version}} AND d.icd_code <> {{icd_code}}
  AND (SUBSTRING(d.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3)
       OR (SUBSTRING(d.icd_code, 1, 2) = SUBSTRING({{icd_code}}, 1, 2)
           AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_procedures sib
                           WHERE sib.icd_version = {{icd_version}} AND sib.icd_code <> {{icd_code}}
                             AND SUBSTRING(sib.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3))))
  AND d.long_title <> {{icd_title}}
