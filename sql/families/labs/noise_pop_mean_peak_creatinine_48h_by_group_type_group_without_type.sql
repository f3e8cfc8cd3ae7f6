-- Query noise: another diagnosis group (one Clean questions of the family ask about: match_clean) none of whose
-- admissions had the stated admission type: the group is coded and the admission type occurs, but no admission is
-- both, so the presupposed cohort is empty (the stated size stays the Clean one)
--   dx_groups  the family's diagnosis groups (ICD-9 and ICD-10 patterns), as in its binding
--   typed      the (group, admission type) pairs with at least one admission
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('varicose veins of the legs', '454%', 'I83%'),
  ('schizophrenia', '295%', 'F20%'), ('osteoarthritis of the knee', '715_6%', 'M17%'),
  ('chronic gout', '27402%', 'M1A%'), ('immunodeficiency disorders', '279%', 'D84%'),
  ('allergic rhinitis', '477%', 'J30%')
), typed AS (
  SELECT DISTINCT g.dx_group, a.admission_type
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
        AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
)
SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM typed t WHERE t.dx_group = g.dx_group)
  AND NOT EXISTS (SELECT 1 FROM typed t WHERE t.dx_group = g.dx_group AND t.admission_type = {{admission_type}})
