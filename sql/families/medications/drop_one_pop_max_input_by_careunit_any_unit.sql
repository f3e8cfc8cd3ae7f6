-- Drop-one reading of the unit twin (noise_input_unit_common_mismatch): without the unit, the largest single amount
-- of the input over the stays starting in the unit, with the unit that amount is charted in. The twin's unit is one
-- the item is never charted in (insulin "in grams"), so the rest of the question still names the Clean target: a
-- careful analyst answers in the charted unit and flags the stated one (review 7c 0f32c01469ec5c46, 7d
-- 1ee77521d203ffab). Declared because the reference reads the unit inside its projection.
SELECT DISTINCT i.amount AS max_amount, i.amountuom
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
WHERE s.first_careunit = {{careunit}} AND i.itemid = {{itemid}}
  AND i.amount = (SELECT MAX(i2.amount) FROM mimiciv_icu.inputevents i2
                  JOIN mimiciv_icu.icustays s2 ON s2.stay_id = i2.stay_id
                  WHERE s2.first_careunit = {{careunit}} AND i2.itemid = {{itemid}})
ORDER BY max_amount, i.amountuom
LIMIT 3
