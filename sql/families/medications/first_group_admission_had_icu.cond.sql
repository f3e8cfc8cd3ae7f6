-- the patient's first admission coded with the group had an ICU stay: the question asks about "that admission's first
-- ICU stay", so it presupposes one (vacuous without such an admission: that is patient_has_group's failure)
-- include: fragments/first_adm_ranked.sql
)
SELECT NOT EXISTS (SELECT 1 FROM first_adm f WHERE f.rk = 1)
    OR EXISTS (SELECT 1 FROM first_adm f JOIN mimiciv_icu.icustays s ON s.hadm_id = f.hadm_id WHERE f.rk = 1) AS holds
