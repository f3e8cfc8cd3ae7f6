SELECT ROUND(CAST(SUM(i.amount) AS NUMERIC), 2) AS total_amount, MIN(i.amountuom) AS amountuom
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
WHERE s.stay_id = {{stay_id}} AND s.subject_id = {{subject_id}}
  AND i.itemid = {{itemid}} AND i.amount IS NOT NULL
  AND i.starttime >= s.intime AND EXTRACT(EPOCH FROM (i.starttime - s.intime)) <= {{hours}} * 3600
