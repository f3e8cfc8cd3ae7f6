-- intent: labs; level: population
WITH c AS (
  SELECT hadm_id, valuenum,
         ROW_NUMBER() OVER (PARTITION BY hadm_id ORDER BY charttime, labevent_id) AS first_rn,
         ROW_NUMBER() OVER (PARTITION BY hadm_id ORDER BY charttime DESC, labevent_id DESC) AS last_rn
  FROM mimiciv_hosp.labevents WHERE itemid = 50912 AND hadm_id IS NOT NULL AND valuenum IS NOT NULL)
SELECT hadm_id, MAX(valuenum) FILTER (WHERE first_rn = 1) AS first_value,
       MAX(valuenum) FILTER (WHERE last_rn = 1) AS last_value
FROM c GROUP BY hadm_id;
