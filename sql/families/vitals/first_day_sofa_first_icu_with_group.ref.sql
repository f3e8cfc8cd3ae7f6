-- First-day SOFA score (the MIMIC community's first_day_sofa definition, written over base tables) of the first
-- ICU stay of an admission coded with a diagnosis group. First day = 6 h before to 24 h after ICU admission for
-- labs, vitals, GCS and vasopressors; ICU admission to +24 h for urine output.
--   group_adm  the patient's admissions coded with the group (ICD-9 or ICD-10 pattern)
--   icu        the earliest ICU stay of those admissions (a tie surfaces as several rows)
--   lab        lowest platelets, highest total bilirubin and creatinine
--   bg         arterial pO2 (specimen type ART.) with the latest FiO2 charted in the 4 h before it (the highest
--              if two share that time), and whether
--              invasive ventilation was running at that time
--   pafi       lowest PaO2/FiO2 with and without ventilation
--   vital      lowest mean arterial pressure (invasive or non-invasive)
--   gcs_base   eye, verbal and motor GCS per charting time (verbal 'No Response-ETT' as 0), from 12 h before
--              ICU admission, so each time in the window sees the time charted before it
--   gcs        lowest total GCS, as the MIMIC community's gcs concept builds it: a component not charted at a
--              time is carried from the time charted just before (within 6 h), else taken as normal (motor 6,
--              verbal 5, eyes 4); an intubated patient (verbal 0) counts as 15
--   uo         urine output (Foley + void) in the first 24 h
--   vaso       highest norepinephrine rate (mcg/kg/min)
--   scored     the six organ scores, by the SOFA cut-offs
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
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
