SELECT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i
               WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL) AS holds
