-- Query noise: an ICU unit with stays, none of which received the item
SELECT DISTINCT s.first_careunit AS careunit
FROM mimiciv_icu.icustays s
WHERE s.first_careunit IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s2 ON s2.stay_id = i.stay_id
                  WHERE s2.first_careunit = s.first_careunit AND i.itemid = {{itemid}})
