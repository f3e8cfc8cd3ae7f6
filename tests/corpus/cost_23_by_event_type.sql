-- intent: cost; level: population
SELECT event_type, COUNT(*) AS n, ROUND(AVG(cost)::numeric, 2) AS mean_cost, MIN(cost) AS min_cost, MAX(cost) AS max_cost
FROM mimiciv_derived.cost GROUP BY event_type;
