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
  SELECT s.stay_id, s.hadm_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rk
  FROM mimiciv_icu.icustays s
  JOIN group_adm g ON g.hadm_id = s.hadm_id
), stay AS (
  SELECT i.stay_id, i.hadm_id, i.intime FROM icu i WHERE i.rk = 1
-- include: fragments/first_day_sofa_components.sql
)
SELECT COALESCE(s.respiration, 0) + COALESCE(s.coagulation, 0) + COALESCE(s.liver, 0)
     + COALESCE(s.cardiovascular, 0) + COALESCE(s.cns, 0) + COALESCE(s.renal, 0) AS sofa
FROM scored s
