SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents m
               WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}}) AS holds
