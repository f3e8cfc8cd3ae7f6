-- (diagnosis group, insurance) strata with ≥ 20 admissions coded with the group; n_adm = that count. Besides the
-- common groups, aortic valve disease: its valve surgery is for patients of Medicare age (74 admissions under
-- Medicare in the default EHR, none under Other insurance or No charge), so the Query twin's empty stratum pairs a
-- group and an insurance that both occur in Clean questions (every common group fills nearly every stratum)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic valve disease')
-- include: fragments/group_strata.sql stratum=insurance dx= where= min=20
