-- (diagnosis group, insurance) strata with ≥ 20 ICU admissions coded with the group; n_adm = that count. Besides
-- the common groups, aortic stenosis: valve surgery is for patients of Medicare age (71 ICU admissions under
-- Medicare in the default EHR, none under Medicaid), so the Query twin's empty stratum pairs a group and an
-- insurance that both occur in Clean questions (every common group fills every Clean insurance's ICU stratum)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic stenosis', '4241%', 'I350%')
), cohort AS (
  SELECT DISTINCT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.insurance, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.insurance IS NOT NULL
    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
)
SELECT c.dx_group, c.icd9_pattern, c.icd10_pattern, c.insurance, COUNT(*) AS n_adm
FROM cohort c
GROUP BY c.dx_group, c.icd9_pattern, c.icd10_pattern, c.insurance
HAVING COUNT(*) >= 20
