-- The Charlson comorbidity index's steps over CTE index_adm (hadm_id, age): CTEs diag (the admission's ICD-9 and
-- ICD-10 codes), com (the comorbidity flags, fragments/charlson_flags.sql) and ag (the age score), after index_adm;
-- a CTE after them starts with `), `. Included by the Charlson reference and its binding (which computes the index
-- as the reference does).
), diag AS (
  SELECT d.hadm_id,
         CASE WHEN d.icd_version = 9 THEN d.icd_code END AS icd9_code,
         CASE WHEN d.icd_version = 10 THEN d.icd_code END AS icd10_code
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN index_adm i ON i.hadm_id = d.hadm_id
), com AS (
  -- include: fragments/charlson_flags.sql
  FROM index_adm AS ad
  LEFT JOIN diag
    ON ad.hadm_id = diag.hadm_id
  GROUP BY
    ad.hadm_id
), ag AS (
  SELECT i.hadm_id,
         CASE WHEN i.age < 50 THEN 0 WHEN i.age < 60 THEN 1 WHEN i.age < 70 THEN 2 WHEN i.age < 80 THEN 3 ELSE 4 END AS age_score
  FROM index_adm i
