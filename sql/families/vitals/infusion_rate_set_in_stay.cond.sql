-- the infusion was charted at the stated rate (3 decimals, in the stated unit) in the stay (vacuous when the
-- infusion was never given in the stay)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
    OR EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i
               WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}}
                 AND ROUND(CAST(i.rate AS NUMERIC), 3) = {{rate}} AND i.rateuom = {{rateuom}}) AS holds
