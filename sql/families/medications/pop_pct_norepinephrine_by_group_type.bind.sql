-- (diagnosis group, admission_type) strata with ≥ 3 ICU-treated admissions coded with the group; the count
-- (not shown: the question
-- names the cohort by its criteria only). ≥ 3, not 20: the Noise twins name empty strata, which exist only for
-- rare groups and rare values, and small Clean strata put those groups and values in Clean questions too (with
-- ≥ 20 the question-only classifier told the Noise apart at AUROC 0.86-1.00). Kept: strata where some admission
-- had norepinephrine (a rate of 0 was a third of the golds: an answer to guess), two in a stratum of three (1 of 3,
-- 33.3 %, was 18 % of the golds once the twins named only strata that can have one). Besides the 17 common groups
-- (which fill nearly every stratum), eleven smaller ones (docs/dx_groups.md) whose empty strata the twins name
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/group_strata.sql stratum=admission_type dx= \
--   where=" AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)" min=3 \
--   keep=" AND COUNT(*) FILTER (WHERE c.hadm_id IN (SELECT s1.hadm_id FROM mimiciv_icu.icustays s1 \
--     JOIN mimiciv_icu.inputevents i1 ON i1.stay_id = s1.stay_id JOIN mimiciv_icu.d_items d1 ON d1.itemid = i1.itemid \
--     WHERE d1.label = 'Norepinephrine')) > CASE WHEN COUNT(*) = 3 THEN 1 ELSE 0 END"
