-- the lab has a result on that day (vacuous when the lab was never measured in the admission, or the day is
-- not a day of the admission: those are other conditions)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                   WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
    OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a
                   WHERE a.hadm_id = {{hadm_id}}
                     AND {{chart_date}} BETWEEN CAST(a.admittime AS DATE) AND CAST(COALESCE(a.dischtime, a.admittime) AS DATE))
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
               WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
                 AND CAST(l.charttime AS DATE) = {{chart_date}}) AS holds
