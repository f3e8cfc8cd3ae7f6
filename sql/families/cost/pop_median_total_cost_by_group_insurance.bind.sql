-- (diagnosis group, insurance) strata with ≥ 20 admissions coded with the group; n_adm = that count. Besides the
-- common groups, three smaller ones (migraine, pneumococcal pneumonia, infectious arthritis: 30-47 admissions, ≥ 20
-- of them under Medicare) that no admission under some insurance ever had: the query twin's empty stratum then pairs
-- a group and an insurance that both occur in Clean questions (every common group fills every common stratum)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('migraine', '346%', 'G43%'), ('pneumococcal pneumonia', '481%', 'J13%'), ('infectious arthritis', '711%', 'M00%')
), cohort AS (
  SELECT DISTINCT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.insurance, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.insurance IS NOT NULL
)
SELECT c.dx_group, c.icd9_pattern, c.icd10_pattern, c.insurance, COUNT(*) AS n_adm
FROM cohort c
GROUP BY c.dx_group, c.icd9_pattern, c.icd10_pattern, c.insurance
HAVING COUNT(*) >= 20
