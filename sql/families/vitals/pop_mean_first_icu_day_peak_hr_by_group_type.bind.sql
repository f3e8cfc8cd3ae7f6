-- (diagnosis group, admission_type) strata with ≥ 20 admissions coded with the group; n_adm = that count
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_strata.sql stratum=admission_type dx= \
--   where=" AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id AND s0.intime = \
--   (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1" min=20
