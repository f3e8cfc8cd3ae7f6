-- Value noise: the title of a procedure performed elsewhere in the EHR, of the same ICD version but another
-- 3-character category, so the stated code and title contradict each other (never a synonym, parent or sibling)
SELECT DISTINCT d.long_title AS icd_title
FROM (SELECT DISTINCT x.icd_code, x.icd_version FROM mimiciv_hosp.procedures_icd x) c
JOIN mimiciv_hosp.d_icd_procedures d ON d.icd_code = c.icd_code AND d.icd_version = c.icd_version
WHERE d.icd_version = {{icd_version}} AND SUBSTRING(d.icd_code, 1, 3) <> SUBSTRING({{icd_code}}, 1, 3)
  AND d.long_title <> {{icd_title}}
