-- Record noise: another diagnosis of the same ICD version and 4-character subcategory whose title opens like the
-- Clean title (its first 8 characters), a real dictionary code with its own title, so the stated code and title agree
-- and the title differs from the Clean one only in a qualifier ("Subendocardial infarction, subsequent episode of
-- care" for "..., initial episode of care"; "Body Mass Index 30.0-30.9, adult" for "... 31.0-31.9, adult"), that
-- nobody in the EHR was ever coded with: the cohort the question presupposes does not exist. Any code of the
-- 3-character category drew titles of another vocabulary ("Functional diarrhea" for "Constipation, unspecified"),
-- which the question-only classifier told apart (AUROC 0.84 within pop_mortality_by_dx_age, 0.74 by insurance)
SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses t
WHERE t.icd_version = {{icd_version}}
  AND LENGTH({{icd_code}}) >= 4
  AND SUBSTRING(t.icd_code, 1, 4) = SUBSTRING({{icd_code}}, 1, 4)
  AND TRIM(t.icd_code) <> {{icd_code}}
  AND SUBSTRING(LOWER(t.long_title), 1, 8) = SUBSTRING(LOWER({{icd_title}}), 1, 8)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x WHERE x.icd_code = t.icd_code
      AND x.icd_version = t.icd_version)
