-- (diagnosis group, admission_location) strata with ≥ 25 admissions coded with the group; n_adm = that count. 25,
-- not 20: planned admissions (procedure site, PACU) rarely die within 30 days, and on the default EHR 7 of 46
-- strata of 20-29 had no death (15.2%); from 25, 4 of 40 (10%)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_strata.sql stratum=admission_location dx= where= min=25
