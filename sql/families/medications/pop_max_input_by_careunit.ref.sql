-- largest single amount of the input, in the stated unit, over the ICU stays starting in the unit; the question
-- states how many stays received it, checked by the HAVING
SELECT MAX(CASE WHEN i.amountuom = {{unit}} THEN i.amount END) AS max_amount,
       MIN(CASE WHEN i.amountuom = {{unit}} THEN i.amountuom END) AS amountuom
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
WHERE s.first_careunit = {{careunit}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL
HAVING COUNT(DISTINCT s.stay_id) > 0
