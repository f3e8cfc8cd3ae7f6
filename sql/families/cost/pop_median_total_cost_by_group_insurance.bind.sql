-- (diagnosis group, insurance) strata with ≥ 20 admissions coded with the group; n_adm = that count. Besides the
-- common groups, three smaller ones (migraine, pneumococcal pneumonia, infectious arthritis: 30-47 admissions, ≥ 20
-- of them under Medicare) that no admission under some insurance ever had: the query twin's empty stratum then pairs
-- a group and an insurance that both occur in Clean questions (every common group fills every common stratum)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('migraine'), ('pneumococcal pneumonia'), ('infectious arthritis')
-- include: fragments/group_strata.sql stratum=insurance dx= where= min=20
