-- intent: medications; level: population
SELECT stay_id, ROUND(SUM(amount)::numeric, 3) AS total_amount, MAX(amountuom) AS uom
FROM mimiciv_icu.inputevents WHERE itemid = 221906 GROUP BY stay_id;
