-- Value noise: the number of stays that received the input in ANOTHER care unit, stated for this one (a real count of
-- the family's cohorts, so the number says nothing by itself)
SELECT COUNT(DISTINCT s.stay_id) AS n_stays
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
WHERE s.first_careunit IS NOT NULL AND s.first_careunit <> {{careunit}} AND i.itemid = {{itemid}}
    AND i.amount IS NOT NULL
GROUP BY s.first_careunit
HAVING COUNT(DISTINCT s.stay_id) <> {{n_stays}}
