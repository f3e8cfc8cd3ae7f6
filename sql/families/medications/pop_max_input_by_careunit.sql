SELECT MAX(i.amount) AS max_amount, MIN(i.amountuom) AS amountuom
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
WHERE s.first_careunit = {{careunit}} AND i.itemid = {{itemid}} AND i.amountuom = {{unit}} AND i.amount IS NOT NULL
