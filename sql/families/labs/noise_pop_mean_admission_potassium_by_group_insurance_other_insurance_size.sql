-- Value noise: another insurance (one Clean questions of the family use: match_clean) with admissions coded with
-- the same group, but not the stated number of them: the question's cohort size contradicts the record
-- while the count itself stays a Clean one
--   dx_groups  the family's diagnosis groups (ICD-9 and ICD-10 patterns)
--   sizes      admissions per (group, insurance)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
), sizes AS (
  SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.insurance, COUNT(DISTINCT a.hadm_id) AS n
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.insurance IS NOT NULL
  GROUP BY g.dx_group, g.icd9_pattern, g.icd10_pattern, a.insurance
)
SELECT s.insurance
FROM sizes s
WHERE s.dx_group = {{dx_group}} AND s.insurance <> {{insurance}} AND s.n <> {{n_adm}}
