-- Charlson comorbidity index (the MIMIC-IV community definition: 17 comorbidity groups from ICD-9 and ICD-10
-- codes, liver disease / diabetes / cancer counted at their most severe weight, plus an age score) of the
-- patient's first admission with a principal (seq_num 1) diagnosis of a diagnosis group.
--   group_adm  the patient's admissions whose principal diagnosis is of the group (its ICD-9 or ICD-10 codes)
--   index_adm  the earliest of them (a tie would surface as two rows); age at admission
--   diag       that admission's diagnoses, split into ICD-9 and ICD-10 codes
--   com        one 0/1 flag per Charlson comorbidity
--   ag         the age score: < 50 → 0, 50-59 → 1, 60-69 → 2, 70-79 → 3, ≥ 80 → 4
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id AND d.seq_num = 1
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT a.hadm_id, p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year AS age
  FROM group_adm g
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = g.hadm_id
  JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
-- include: fragments/charlson_index_steps.sql
)
SELECT
-- include: fragments/charlson_index_sum.sql
FROM com
JOIN ag ON ag.hadm_id = com.hadm_id
