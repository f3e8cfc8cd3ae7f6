-- Record noise: another diagnosis group of the family's Clean cohorts that no admission of the family's kind with the
-- stated admission location was coded with: the group names a diagnosis nobody in that cohort had.
-- Candidates from fragments/empty_stratum_twins.sql (weighted by the Clean frequency of the group and the admission
-- location).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/empty_stratum_twins.sql stratum=admission_location dx=" AND d.seq_num = 1" where= min=3 \
--   swap=group \
--   keep= swappable=FALSE
