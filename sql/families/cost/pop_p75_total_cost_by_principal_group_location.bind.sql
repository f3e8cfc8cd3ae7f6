-- (diagnosis group, admission_location) strata with ≥ 20 admissions whose principal (first-coded) diagnosis is the
--   group; n_adm = that count
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_strata.sql stratum=admission_location dx=" AND d.seq_num = 1" where= min=20
