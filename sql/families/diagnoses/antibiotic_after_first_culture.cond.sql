-- an order of the antibiotic starts at or after the admission's first culture of the specimen (vacuous when either
-- is missing: those are the record conditions' failures)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents m WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}})
    OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p
               WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}}
                 AND p.starttime >= (SELECT MIN(m.charttime) FROM mimiciv_hosp.microbiologyevents m
                                     WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}})) AS holds
