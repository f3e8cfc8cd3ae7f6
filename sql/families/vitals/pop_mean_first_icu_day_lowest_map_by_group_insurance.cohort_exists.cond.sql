-- some admission coded with the group has the stated insurance
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=insurance
    AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0
         WHERE s0.hadm_id = a.hadm_id
           AND s0.intime = (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1
)
SELECT EXISTS (SELECT 1 FROM cohort) AS holds
