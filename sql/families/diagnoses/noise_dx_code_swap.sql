-- Value noise: the code of another diagnosis as common as the Clean cohorts' (coded in >= 20 admissions), of the same
-- ICD version but another 3-character category, stated with the question's title, so code and title contradict each
-- other. No code of that category carries the title (it would be a synonym, parent or sibling, answerable under the
-- title's reading). The mirror of the title swap: every word of the twin is Clean text of the family (a record-level
-- twin with a never-coded code's own title read as another vocabulary: the question-only classifier told it apart)
--   common  codes coded in >= 20 admissions
SELECT TRIM(c.icd_code) AS icd_code
FROM (SELECT x0.icd_code, x0.icd_version FROM mimiciv_hosp.diagnoses_icd x0 GROUP BY x0.icd_code, x0.icd_version
      HAVING COUNT(DISTINCT x0.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))) c
WHERE c.icd_version = {{icd_version}}
  AND SUBSTRING(c.icd_code, 1, 3) <> SUBSTRING({{icd_code}}, 1, 3)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses t
                  WHERE t.icd_version = c.icd_version AND t.long_title = {{icd_title}}
                    AND SUBSTRING(t.icd_code, 1, 3) = SUBSTRING(c.icd_code, 1, 3))
