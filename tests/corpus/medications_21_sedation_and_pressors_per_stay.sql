-- intent: medications; level: population
SELECT stay_id, itemid, ROUND(SUM(amount)::numeric, 3) AS total_amount, MAX(amountuom) AS uom, COUNT(*) AS administrations
FROM mimiciv_icu.inputevents WHERE itemid IN (221906, 222168, 221744) GROUP BY stay_id, itemid;
