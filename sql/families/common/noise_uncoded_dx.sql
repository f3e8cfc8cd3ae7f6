-- Record noise: a real diagnosis of the same ICD version from the dictionary that nobody in the EHR was coded with
SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses t
WHERE t.icd_version = {{icd_version}} AND t.icd_code <> {{icd_code}}
  AND (SUBSTRING(t.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3)
       OR (SUBSTRING(t.icd_code, 1, 2) = SUBSTRING({{icd_code}}, 1, 2)
           AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses sib
                           WHERE sib.icd_version = {{icd_version}} AND sib.icd_code <> {{icd_code}}
                             AND SUBSTRING(sib.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3))))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                  WHERE x.icd_code = t.icd_code AND x.icd_version = t.icd_version)
