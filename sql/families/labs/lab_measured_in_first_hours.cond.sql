-- some result of the lab falls within the first {hours} hours of the admission
-- (vacuously true when the lab was never measured in the admission: that is another condition)
SELECT NOT EXISTS (
         SELECT 1 FROM mimiciv_hosp.labevents l
         WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
    OR EXISTS (
         SELECT 1 FROM mimiciv_hosp.labevents l
         JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
         WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
           AND l.charttime >= a.admittime
           AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= {{hours}} * 3600) AS holds
