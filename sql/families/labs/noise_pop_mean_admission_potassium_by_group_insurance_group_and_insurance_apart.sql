-- Query noise: another diagnosis group and another insurance, each in the family's Clean cohorts, that no admission of
-- the
-- family's kind combined: both criteria change, each exists, the cohort is empty.
-- Candidates from fragments/empty_stratum_twins.sql (weighted by the Clean frequency of the group and the insurance).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/empty_stratum_twins.sql stratum=insurance dx= where= min=3 swap=both keep= swappable=TRUE
