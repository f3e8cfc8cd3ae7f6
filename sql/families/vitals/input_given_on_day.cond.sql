-- the input was given (an inputevents row started) in the stay on the stated calendar day (vacuous when the input
-- was never given in the stay)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
    OR EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i
               WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}}
                 AND CAST(i.starttime AS DATE) = {{dose_date}}) AS holds
