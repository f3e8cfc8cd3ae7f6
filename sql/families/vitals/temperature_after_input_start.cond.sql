-- a temperature (°F or °C item) was charted within 24 h after the input's first start (vacuous when never given)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
    OR EXISTS (SELECT 1 FROM mimiciv_icu.chartevents ce
               WHERE ce.stay_id = {{stay_id}} AND ce.itemid IN (223761, 223762) AND ce.valuenum IS NOT NULL
                 AND ce.charttime > (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                                     WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
                 AND ce.charttime <= (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                                      WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}}) + INTERVAL '24 hours') AS holds
