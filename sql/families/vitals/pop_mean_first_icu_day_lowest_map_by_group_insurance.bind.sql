-- (diagnosis group, insurance) strata with ≥ 20 ICU admissions coded with the group; n_adm = that count. Besides
-- the common groups, six that ICU admissions under Medicare fill and ICU admissions with No charge never have
-- (aortic valve disease: valve surgery is for patients of Medicare age, 71 ICU admissions under Medicare in the
-- default EHR; posthemorrhagic and iron deficiency anemia, pleural effusion, aspiration pneumonitis,
-- hypothyroidism): Clean strata the Query twin can move to an empty insurance. Before them 7 of 34 Clean strata
-- could, and the family's Query twins were 1 of 34 Noise tasks, under the operator floor
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic valve disease', '4241%', 'I35%'), ('acute posthemorrhagic anemia', '2851%', 'D62%'),
  ('iron deficiency anemia', '280%', 'D50%'), ('pleural effusion', '5119%', 'J90%'),
  ('aspiration pneumonitis', '507%', 'J69%'), ('hypothyroidism', '244%', 'E03%')
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
