-- (diagnosis group, admission_type) strata with ≥ 20 admissions whose principal (first-coded) diagnosis is the group; n_adm = that count
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
), cohort AS (
  SELECT DISTINCT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.admission_type, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
    AND d.seq_num = 1
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.admission_type IS NOT NULL
)
SELECT c.dx_group, c.icd9_pattern, c.icd10_pattern, c.admission_type, COUNT(*) AS n_adm
FROM cohort c
GROUP BY c.dx_group, c.icd9_pattern, c.icd10_pattern, c.admission_type
HAVING COUNT(*) >= 20
