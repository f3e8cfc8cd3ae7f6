-- Value noise: the title of a different procedure code of the same ICD version
SELECT DISTINCT d.long_title AS icd_title
FROM mimiciv_hosp.d_icd_procedures d
WHERE d.icd_version = {{icd_version}} AND d.icd_code <> {{icd_code}}
  AND SUBSTRING(d.icd_code, 1, 1) = SUBSTRING({{icd_code}}, 1, 1)
  AND d.long_title <> {{icd_title}}
