-- the lab has ≥ 2 numeric results in the first admission with the group (vacuous without such an admission)
-- include: fragments/first_adm_ranked.sql
)
SELECT NOT EXISTS (SELECT 1 FROM first_adm)
    OR (SELECT COUNT(*) FROM first_adm f JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
        WHERE f.rk = 1 AND l.itemid = {{lab_itemid}} AND l.valuenum IS NOT NULL) >= 2 AS holds
