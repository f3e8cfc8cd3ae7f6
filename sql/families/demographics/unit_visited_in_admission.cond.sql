SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers t
               WHERE t.hadm_id = {{hadm_id}} AND t.careunit = {{careunit}}) AS holds
