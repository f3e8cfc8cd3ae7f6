-- the stated cohort size is right (vacuous when the cohort is empty: that is cohort_exists's failure)
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_type
    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
)
SELECT COUNT(*) = 0 OR COUNT(*) = {{n_adm}} AS holds
FROM cohort
