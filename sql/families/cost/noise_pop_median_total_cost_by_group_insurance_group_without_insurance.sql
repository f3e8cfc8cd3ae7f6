-- Record noise: another diagnosis group of the family's Clean cohorts that no admission of the family's kind with the
-- stated insurance was coded with: the group names a diagnosis nobody in that cohort had.
-- Candidates from fragments/empty_stratum_twins.sql (weighted by the Clean frequency of the group and the insurance).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/empty_stratum_twins.sql stratum=insurance dx= where= min=3 swap=group keep= swappable=FALSE
