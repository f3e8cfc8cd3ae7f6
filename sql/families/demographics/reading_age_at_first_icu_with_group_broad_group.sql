-- Reading: the diagnosis group under its broad definition (fragments/dx_group_codes_broad.sql: heart failure with
-- the cardiomyopathies, AF with flutter, any diabetes, ...), otherwise the reference.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes_broad.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.subject_id = {{subject_id}}
    AND {{dx_group}} IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), icu AS (
  SELECT s.subject_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rk
  FROM mimiciv_icu.icustays s
  JOIN group_adm g ON g.hadm_id = s.hadm_id
)
SELECT DISTINCT p.anchor_age + EXTRACT(YEAR FROM i.intime) - p.anchor_year AS age_at_icu
FROM icu i
JOIN mimiciv_hosp.patients p ON p.subject_id = i.subject_id
WHERE i.rk = 1
