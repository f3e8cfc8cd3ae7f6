-- intent: vitals; level: population
SELECT stay_id, charttime, valuenum FROM (
  SELECT stay_id, charttime, valuenum,
         ROW_NUMBER() OVER (PARTITION BY stay_id ORDER BY charttime, valuenum) AS rn
  FROM mimiciv_icu.chartevents WHERE itemid = 220277) s
WHERE rn = 1;
