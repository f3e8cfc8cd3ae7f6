-- Query noise: another diagnosis group and another admission type, each in the family's Clean cohorts, that no
-- admission of the
-- family's kind combined: both criteria change, each exists, the cohort is empty.
-- Candidates from fragments/empty_stratum_twins.sql (weighted by the Clean frequency of the group and the admission
-- type).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- include: fragments/empty_stratum_twins.sql stratum=admission_type dx= \
--   where=" AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)" min=3 swap=both \
--   keep=" AND (SELECT COUNT(DISTINCT a1.hadm_id) FROM mimiciv_hosp.diagnoses_icd d1 \
--     JOIN dx_group_codes gc1 ON gc1.icd_version = d1.icd_version AND gc1.icd_code = d1.icd_code \
--     JOIN mimiciv_hosp.admissions a1 ON a1.hadm_id = d1.hadm_id \
--     JOIN mimiciv_icu.icustays s1 ON s1.hadm_id = a1.hadm_id \
--     JOIN mimiciv_icu.inputevents i1 ON i1.stay_id = s1.stay_id JOIN mimiciv_icu.d_items d2 ON d2.itemid = i1.itemid \
--     WHERE gc1.dx_group = z.dx_group AND a1.admission_type = z.admission_type AND d2.label = 'Norepinephrine') \
--     > CASE WHEN z.n = 3 THEN 1 ELSE 0 END" \
--   swappable=TRUE
