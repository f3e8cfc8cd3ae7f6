-- Record noise: a diagnosis of the same ICD version and chapter as the stated one (same first character: a related
-- condition, the hard near miss), coded for other patients but never for this one, and in no 3-character category the
-- patient was ever coded in (a sibling or parent of one of their codes would be answerable under a broader reading)
SELECT TRIM(x.icd_code) AS icd_code, t.long_title AS icd_title
FROM (SELECT DISTINCT x0.icd_code, x0.icd_version FROM mimiciv_hosp.diagnoses_icd x0) x
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
WHERE x.icd_version = {{icd_version}}
  AND SUBSTRING(x.icd_code, 1, 1) = SUBSTRING({{icd_code}}, 1, 1)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                  WHERE y.subject_id = {{subject_id}} AND y.icd_version = x.icd_version
                    AND SUBSTRING(y.icd_code, 1, 3) = SUBSTRING(x.icd_code, 1, 3))
