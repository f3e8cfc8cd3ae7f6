-- the item was started within the first {hours} hours of the ICU stay (vacuous when never given in the stay)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i
                   WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL)
    OR EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
               WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}} AND i.amount IS NOT NULL
                 AND i.starttime >= s.intime
                 AND EXTRACT(EPOCH FROM (i.starttime - s.intime)) <= {{hours}} * 3600) AS holds
