-- the vital was charted in the stay on that day (vacuous when never charted in the stay)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c
                   WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL)
    OR EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c
               WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
                 AND CAST(c.charttime AS DATE) = {{chart_date}}) AS holds
