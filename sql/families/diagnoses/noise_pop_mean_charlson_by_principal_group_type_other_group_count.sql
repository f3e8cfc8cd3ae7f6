-- Value noise (content): another diagnosis group of the list that is the principal diagnosis of some admissions of
-- the type, but not of as many as the stated cohort size: group, type and count are Clean values of the family,
-- and only the record shows the cohort is not that size
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
), strata AS (
  SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern, COUNT(DISTINCT a.hadm_id) AS n
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
        AND d.icd_code LIKE g.icd10_pattern))
   AND d.seq_num = 1
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.admission_type = {{admission_type}}
  GROUP BY g.dx_group, g.icd9_pattern, g.icd10_pattern
)
SELECT s.dx_group, s.icd9_pattern, s.icd10_pattern
FROM strata s
WHERE s.dx_group <> {{dx_group}} AND s.n <> {{n_adm}}
