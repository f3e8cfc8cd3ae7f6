-- the stated number of ICU stays starting in the unit that received the input is right (vacuous when none did:
-- that is input_given_in_careunit's failure)
SELECT COUNT(DISTINCT s.stay_id) = 0 OR COUNT(DISTINCT s.stay_id) = {{n_stays}} AS holds
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
WHERE s.first_careunit = {{careunit}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL
