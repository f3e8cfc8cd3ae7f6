SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.drgcodes d
               WHERE d.hadm_id = {{hadm_id}} AND TRIM(d.drg_type) = {{drg_type}}) AS holds
