-- a MAP (invasive or non-invasive) was charted within the stated hours after the infusion's first start (vacuous
-- when the infusion was never given in the stay)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
    OR EXISTS (SELECT 1 FROM mimiciv_icu.chartevents ce
               WHERE ce.stay_id = {{stay_id}} AND ce.itemid IN (220052, 220181) AND ce.valuenum IS NOT NULL
                 AND ce.charttime > (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                                     WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
                 AND ce.charttime <= (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                                      WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}}) + {{hours}} * INTERVAL '1 hour') AS holds
