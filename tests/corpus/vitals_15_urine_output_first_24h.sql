-- intent: vitals; level: population
SELECT o.stay_id, SUM(o.value) AS urine_ml
FROM mimiciv_icu.outputevents o JOIN mimiciv_icu.icustays i ON i.stay_id = o.stay_id
WHERE o.charttime <= i.intime + INTERVAL '24 hours'
GROUP BY o.stay_id;
