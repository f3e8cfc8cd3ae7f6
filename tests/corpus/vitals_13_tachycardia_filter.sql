-- intent: vitals; level: population
SELECT stay_id, COUNT(*) FILTER (WHERE valuenum > 100) AS tachycardic, COUNT(*) AS measured
FROM mimiciv_icu.chartevents WHERE itemid = 220045 GROUP BY stay_id;
