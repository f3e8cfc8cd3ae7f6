-- Query noise: an ICU unit with stays, none of which received the item
SELECT s.first_careunit AS careunit
FROM (SELECT DISTINCT s0.first_careunit FROM mimiciv_icu.icustays s0) s
WHERE s.first_careunit IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s2 ON s2.stay_id = i.stay_id
                  WHERE s2.first_careunit = s.first_careunit AND i.itemid = {{itemid}})
