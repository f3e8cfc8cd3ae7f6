-- Cohort: admissions whose principal (first-coded) diagnosis is a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_type;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions whose principal (first-coded) diagnosis is the group
--   cohort     those admissions with the stated admission_type
--   diag, com  each cohort admission's ICD-9/ICD-10 codes and one 0/1 flag per Charlson comorbidity
--   ag         age score (< 50 → 0, 50-59 → 1, 60-69 → 2, 70-79 → 3, ≥ 80 → 4)
--   charlson   the index per admission (liver, diabetes and cancer at their most severe weight)
-- include: fragments/group_admissions.sql
    AND d.seq_num = 1
-- include: fragments/stratum_cohort.sql stratum=admission_type
), diag AS (
  SELECT d.hadm_id,
         CASE WHEN d.icd_version = 9 THEN d.icd_code END AS icd9_code,
         CASE WHEN d.icd_version = 10 THEN d.icd_code END AS icd10_code
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN cohort c ON c.hadm_id = d.hadm_id
), com AS (
  -- include: fragments/charlson_flags.sql
  FROM cohort AS ad
  LEFT JOIN diag
    ON ad.hadm_id = diag.hadm_id
  GROUP BY
    ad.hadm_id
), ag AS (
  SELECT c.hadm_id,
         CASE WHEN age < 50 THEN 0 WHEN age < 60 THEN 1 WHEN age < 70 THEN 2 WHEN age < 80 THEN 3 ELSE 4 END AS age_score
  FROM (SELECT c0.hadm_id, p.anchor_age + EXTRACT(YEAR FROM c0.admittime) - p.anchor_year AS age
        FROM cohort c0 JOIN mimiciv_hosp.patients p ON p.subject_id = c0.subject_id) c
), charlson AS (
  SELECT com.hadm_id,
-- include: fragments/charlson_index_sum.sql
  FROM com JOIN ag ON ag.hadm_id = com.hadm_id
)
SELECT ROUND(CAST(AVG(ch.charlson_comorbidity_index) AS NUMERIC), 2) AS mean_charlson
FROM cohort c
JOIN charlson ch ON ch.hadm_id = c.hadm_id
HAVING COUNT(DISTINCT c.hadm_id) > 0
