-- Value noise: the title of a different diagnosis code of the same ICD version (same first letter/digit),
-- so the stated code and title contradict each other
SELECT DISTINCT d.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses d
WHERE d.icd_version = {{icd_version}} AND d.icd_code <> {{icd_code}}
  AND SUBSTRING(d.icd_code, 1, 1) = SUBSTRING({{icd_code}}, 1, 1)
  AND d.long_title <> {{icd_title}}
