-- Query noise: the lowest standard cut-off of the lab (1, 1.5, 2 or 3 × its upper reference limit, as Clean twins
-- use) that the lab never exceeds in this admission: the next one above the Clean twin's highest crossed cut-off
-- (every lab's limit in one scan, not the lab's rows read again for each binding)
WITH lim AS (
  SELECT l.itemid, MIN(l.ref_range_upper) AS upper FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL
  GROUP BY l.itemid
), cut AS (
  SELECT CAST(ROUND(CAST(lim.upper * k.k AS NUMERIC), 1) AS DOUBLE PRECISION) AS threshold
  FROM lim CROSS JOIN (VALUES (1.0), (1.5), (2.0), (3.0)) AS k(k)
  WHERE lim.itemid = {{itemid}} AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}}
                      AND l.valuenum > ROUND(CAST(lim.upper * k.k AS NUMERIC), 1))
)
SELECT t.threshold
FROM (SELECT MIN(cut.threshold) AS threshold FROM cut HAVING COUNT(*) > 0) t
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
                  WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum = t.threshold)
