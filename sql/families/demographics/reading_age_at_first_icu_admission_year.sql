-- Reading: the age at the hospital admission that contained the first such ICU stay (anchor_age + admission year -
-- anchor_year) rather than at the ICU intime
WITH group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.subject_id = {{subject_id}}
    AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10
        AND d.icd_code LIKE {{icd10_pattern}}))
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
