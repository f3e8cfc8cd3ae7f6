-- intent: labs; level: population
SELECT hadm_id, date_trunc('day', charttime) AS day, MAX(valuenum) AS max_glucose
FROM mimiciv_hosp.labevents WHERE itemid = 50931 AND hadm_id IS NOT NULL GROUP BY hadm_id, date_trunc('day', charttime);
