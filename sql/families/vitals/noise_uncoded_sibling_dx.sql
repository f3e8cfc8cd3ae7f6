-- Record noise: a real diagnosis of the same ICD version and 3-character category as the stated one, stated with its
-- own dictionary title, that nobody in the EHR was ever coded with: the cohort the question averages over does not
-- exist (the unit and the vital do). The sibling is a leaf code (no longer code extends it, so no "with its
-- subcodes" reading finds patients), and its title is the title of no coded diagnosis of either ICD version (a
-- reader who matched the diagnosis by its words would find nobody either). Siblings share most of the Clean title's
-- words (no vocabulary only the twins use)
--   coded         the diagnoses anyone was coded with
--   coded_titles  their titles, lower case
--   parents       every proper prefix (4 characters or more) of a dictionary code: the codes that are not leaves
WITH coded AS (
  SELECT DISTINCT x.icd_code, x.icd_version FROM mimiciv_hosp.diagnoses_icd x
), coded_titles AS (
  SELECT DISTINCT LOWER(c.long_title) AS title
  FROM coded x JOIN mimiciv_hosp.d_icd_diagnoses c ON c.icd_code = x.icd_code AND c.icd_version = x.icd_version
), parents AS (
  SELECT DISTINCT c.icd_version, SUBSTRING(TRIM(c.icd_code), 1, k.k) AS prefix
  FROM mimiciv_hosp.d_icd_diagnoses c CROSS JOIN (VALUES (4), (5), (6)) AS k(k)
  WHERE LENGTH(TRIM(c.icd_code)) > k.k
)
SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses t
WHERE t.icd_version = {{icd_version}} AND SUBSTRING(t.icd_code, 1, 3) = SUBSTRING({{icd_code}}, 1, 3)
  AND TRIM(t.icd_code) <> {{icd_code}} AND LENGTH(TRIM(t.icd_code)) > 3
  AND NOT EXISTS (SELECT 1 FROM coded x WHERE x.icd_version = t.icd_version AND x.icd_code = t.icd_code)
  AND NOT EXISTS (SELECT 1 FROM parents p WHERE p.icd_version = t.icd_version AND p.prefix = TRIM(t.icd_code))
  AND LOWER(t.long_title) NOT IN (SELECT ct.title FROM coded_titles ct)
