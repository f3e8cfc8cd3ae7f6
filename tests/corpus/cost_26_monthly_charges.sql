-- intent: cost; level: population
SELECT date_trunc('month', chargetime) AS month, ROUND(SUM(cost)::numeric, 2) AS charged
FROM mimiciv_derived.cost WHERE chargetime IS NOT NULL GROUP BY date_trunc('month', chargetime);
