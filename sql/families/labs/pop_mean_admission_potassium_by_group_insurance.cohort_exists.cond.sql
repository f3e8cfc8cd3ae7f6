-- some admission coded with the group has the stated insurance
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=insurance
)
SELECT EXISTS (SELECT 1 FROM cohort) AS holds
