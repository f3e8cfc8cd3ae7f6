-- Query noise: a diagnosis (same ICD version) the patient was coded with, but never as the principal diagnosis of
-- an admission: the patient and the diagnosis exist, "the first admission with it as the principal diagnosis" does
-- not; one code per (version, title), as the question names it by its title
SELECT TRIM(x.icd_code) AS icd_code, t.long_title AS icd_title
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = x.icd_code AND t.icd_version = x.icd_version
WHERE x.subject_id = {{subject_id}} AND x.icd_version = {{icd_version}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                  WHERE y.subject_id = {{subject_id}} AND y.icd_code = x.icd_code AND y.icd_version = x.icd_version
                    AND y.seq_num = 1)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses u
                  WHERE u.icd_version = t.icd_version AND u.long_title = t.long_title AND u.icd_code <> t.icd_code)
GROUP BY x.icd_code, t.long_title
