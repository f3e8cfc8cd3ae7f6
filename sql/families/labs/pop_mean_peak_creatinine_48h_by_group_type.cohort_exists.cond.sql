-- some admission coded with the group has the stated admission_type
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_type
)
SELECT EXISTS (SELECT 1 FROM cohort) AS holds
