-- (diagnosis group, admission_location) strata with ≥ 3 admissions whose principal (first-coded) diagnosis is
-- the group; the count (not shown: the question
-- names the cohort by its criteria only). ≥ 3, not 20: the Noise twins name empty strata, which exist only for
-- rare groups and rare values, and small Clean strata put those groups and values in Clean questions too (with
-- ≥ 20 the question-only classifier told the Noise apart at AUROC 0.86-1.00). Besides the 17 common groups (which
-- fill nearly every stratum), eleven smaller ones (docs/dx_groups.md) whose empty strata the twins name
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/group_strata.sql stratum=admission_location dx=" AND d.seq_num = 1" where= min=3 keep=
