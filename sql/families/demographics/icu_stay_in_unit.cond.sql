SELECT EXISTS (SELECT 1 FROM mimiciv_icu.icustays s
               WHERE s.hadm_id = {{hadm_id}} AND s.first_careunit = {{careunit}}) AS holds
