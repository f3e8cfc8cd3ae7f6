-- some admission coded with the group has the stated admission_type
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_type
    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
)
SELECT EXISTS (SELECT 1 FROM cohort) AS holds
