-- some admission whose principal (first-coded) diagnosis is the group has the stated admission_type
-- include: fragments/group_admissions.sql
    AND d.seq_num = 1
-- include: fragments/stratum_cohort.sql stratum=admission_type
)
SELECT EXISTS (SELECT 1 FROM cohort) AS holds
