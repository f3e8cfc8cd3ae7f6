-- intent: labs; level: population
SELECT d.label, d.fluid, COUNT(*) FILTER (WHERE l.flag = 'abnormal') AS abnormal, COUNT(*) AS n,
       ROUND(100.0 * COUNT(*) FILTER (WHERE l.flag = 'abnormal') / COUNT(*), 1) AS pct
FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid GROUP BY d.label, d.fluid;
