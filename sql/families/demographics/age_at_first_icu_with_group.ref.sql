-- Age of the patient when first admitted to an ICU during a hospitalization coded with a diagnosis group.
--   group_adm  the patient's admissions coded with the group (ICD-9 or ICD-10 pattern)
--   icu        ICU stays of those admissions ranked by intime (a tie surfaces as several rows)
-- Age at that ICU admission: anchor_age + (year of intime - anchor_year), as MIMIC-IV derives ages.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), icu AS (
  SELECT s.subject_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rk
  FROM mimiciv_icu.icustays s
  JOIN group_adm g ON g.hadm_id = s.hadm_id
)
SELECT DISTINCT p.anchor_age + EXTRACT(YEAR FROM i.intime) - p.anchor_year AS age_at_icu
FROM icu i
JOIN mimiciv_hosp.patients p ON p.subject_id = i.subject_id
WHERE i.rk = 1
