-- the stay had the procedure
SELECT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}}) AS holds
