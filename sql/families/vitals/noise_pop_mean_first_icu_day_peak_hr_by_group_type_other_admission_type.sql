-- Value noise: the same diagnosis group under another admission type of the family's Clean cohorts, with no admission
-- of the family's kind in it: the stated admission type criterion contradicts the record (the group and the value each
-- exist; the cohort is empty). Candidates from fragments/empty_stratum_twins.sql (weighted by the Clean frequency of
-- the group and the admission type).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/empty_stratum_twins.sql stratum=admission_type dx= \
--   where=" AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id AND s0.intime = \
--   (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1" \
--  min=3 swap=stratum keep= swappable=TRUE
