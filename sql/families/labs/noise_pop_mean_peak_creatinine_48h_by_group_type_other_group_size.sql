-- Value noise: another diagnosis group (one Clean questions of the family ask about: match_clean) with admissions
-- under the same admission type, but not the stated number of them: the question's cohort size contradicts
-- the record while the count itself stays a Clean one
--   dx_groups  the family's diagnosis groups (ICD-9 and ICD-10 patterns)
--   sizes      admissions per (group, admission type)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('varicose veins of the legs', '454%', 'I83%'),
  ('schizophrenia', '295%', 'F20%'), ('osteoarthritis of the knee', '715_6%', 'M17%'),
  ('chronic gout', '27402%', 'M1A%'), ('immunodeficiency disorders', '279%', 'D84%'),
  ('allergic rhinitis', '477%', 'J30%')
), sizes AS (
  SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.admission_type, COUNT(DISTINCT a.hadm_id) AS n
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.admission_type IS NOT NULL
  GROUP BY g.dx_group, g.icd9_pattern, g.icd10_pattern, a.admission_type
)
SELECT s.dx_group, s.icd9_pattern, s.icd10_pattern
FROM sizes s
WHERE s.admission_type = {{admission_type}} AND s.dx_group <> {{dx_group}} AND s.n <> {{n_adm}}
