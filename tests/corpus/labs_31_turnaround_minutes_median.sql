-- intent: labs; level: population
SELECT d.category, percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM l.storetime - l.charttime) / 60)
         AS median_minutes
FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
WHERE l.storetime IS NOT NULL GROUP BY d.category;
