SELECT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.itemid = {{itemid}} AND i.amountuom = {{unit}}) AS holds
