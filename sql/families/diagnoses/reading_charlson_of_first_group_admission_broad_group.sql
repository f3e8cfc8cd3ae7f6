-- Reading: the diagnosis group under its broad definition (fragments/dx_group_codes_broad.sql: heart failure with
-- the cardiomyopathies, AF with flutter, any diabetes, ...), otherwise the reference.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes_broad.sql
), group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND {{dx_group}} IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT a.hadm_id, p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year AS age
  FROM group_adm g
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = g.hadm_id
  JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
    AND CAST(a.admittime AS DATE) = {{admit_date}}
-- include: fragments/charlson_index_steps.sql
)
SELECT
-- include: fragments/charlson_index_sum.sql
FROM com
JOIN ag ON ag.hadm_id = com.hadm_id
