-- (diagnosis group, admission_type) strata with ≥ 3 ICU admissions (one first ICU stay) coded with the group (their
-- count is not a slot: the question names the cohort by its criteria only). ≥ 3, not 20: the Noise twins name empty
-- strata, which exist only for rare groups and rare values, and small Clean strata put those groups and values in
-- Clean questions too (with ≥ 20 the question-only classifier told the Noise apart at AUROC 0.86-1.00). Besides the 17
-- common groups (which fill nearly every stratum), eleven smaller ones (docs/dx_groups.md) whose empty strata the
-- twins name
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/group_strata.sql stratum=admission_type dx= \
--   where=" AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id AND s0.intime = \
--   (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1" min=3 keep=
