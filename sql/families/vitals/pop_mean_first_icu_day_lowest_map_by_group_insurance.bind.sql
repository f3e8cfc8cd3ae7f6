-- (diagnosis group, insurance) strata with ≥ 20 ICU admissions coded with the group; n_adm = that count. Besides
-- the common groups, aortic stenosis: valve surgery is for patients of Medicare age (71 ICU admissions under
-- Medicare in the default EHR, none under Medicaid), so the Query twin's empty stratum pairs a group and an
-- insurance that both occur in Clean questions (every common group fills every Clean insurance's ICU stratum)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic stenosis')
-- include: fragments/group_strata.sql stratum=insurance dx= \
--   where=" AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id AND s0.intime = \
--   (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1" min=20
