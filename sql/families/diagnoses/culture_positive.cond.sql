-- a culture of that specimen grew an organism (vacuous when no such specimen was cultured)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents m
                   WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents m
               WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}} AND m.org_name IS NOT NULL) AS holds
