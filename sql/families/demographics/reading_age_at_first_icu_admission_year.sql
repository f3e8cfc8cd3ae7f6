-- Reading: the age at the hospital admission that contained the first such ICU stay (anchor_age + admission year -
-- anchor_year) rather than at the ICU intime
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.subject_id = {{subject_id}}
    AND {{dx_group}} IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND d.icd_code LIKE gc.prefix || '%')
), icu AS (
  SELECT s.subject_id, s.hadm_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rk
  FROM mimiciv_icu.icustays s
  JOIN group_adm g ON g.hadm_id = s.hadm_id
)
SELECT DISTINCT p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year AS age_at_icu
FROM icu i
JOIN mimiciv_hosp.admissions a ON a.hadm_id = i.hadm_id
JOIN mimiciv_hosp.patients p ON p.subject_id = i.subject_id
WHERE i.rk = 1
