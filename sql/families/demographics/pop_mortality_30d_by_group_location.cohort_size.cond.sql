-- the stated cohort size is right (vacuous when the cohort is empty: that is cohort_exists's failure)
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_location
)
SELECT COUNT(*) = 0 OR COUNT(*) = {{n_adm}} AS holds
FROM cohort
