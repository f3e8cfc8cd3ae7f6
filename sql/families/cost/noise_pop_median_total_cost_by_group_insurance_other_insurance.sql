-- Value noise: the same diagnosis group under another insurance of the family's Clean cohorts, with no admission of
-- the family's
-- kind in it: the stated insurance criterion contradicts the record (the group and the value each exist; the cohort is
-- empty).
-- Candidates from fragments/empty_stratum_twins.sql (weighted by the Clean frequency of the group and the insurance).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/empty_stratum_twins.sql stratum=insurance dx= where= min=3 swap=stratum keep= swappable=FALSE
