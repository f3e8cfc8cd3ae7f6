-- Query noise: another diagnosis group (one Clean questions of the family ask about: match_clean) none of whose
-- admissions had the stated admission type: the group is coded and the admission type occurs, but no admission is
-- both, so the presupposed cohort is empty (the stated size stays the Clean one)
--   dx_groups  the family's diagnosis groups (ICD-9 and ICD-10 patterns), as in its binding
--   typed      the (group, admission type) pairs with at least one admission
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('varicose veins of the legs'),
  ('schizophrenia'), ('osteoarthritis of the knee'),
  ('chronic gout'), ('immunodeficiency disorders'),
  ('allergic rhinitis')
), typed AS (
  SELECT DISTINCT g.dx_group, a.admission_type
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
)
SELECT g.dx_group
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM typed t WHERE t.dx_group = g.dx_group)
  AND NOT EXISTS (SELECT 1 FROM typed t WHERE t.dx_group = g.dx_group AND t.admission_type = {{admission_type}})
  AND NOT EXISTS (SELECT 1 FROM (VALUES
    -- include: fragments/implausible_group_strata.sql
    ) AS i (dx_group, stratum_value) WHERE i.dx_group = g.dx_group AND i.stratum_value = {{admission_type}})
