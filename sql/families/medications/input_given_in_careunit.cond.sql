-- some ICU stay starting in the unit received the item
SELECT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
               WHERE s.first_careunit = {{careunit}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL) AS holds
