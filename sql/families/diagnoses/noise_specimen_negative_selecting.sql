-- Query noise: a specimen type cultured in this admission that never grew anything, only where the specimen selects
-- the answer: a positive culture of another specimen, no later than the Clean specimen's first, grew another
-- organism (else the admission's first positive culture answers the question without the specimen). Not a
-- screening swab (MRSA SCREEN and the like): screens are the commonest negative culture but seldom a Clean question's
-- specimen (26 twins against 1 Clean question of a build, a wording tell)
--   first  the Clean specimen's first positive culture in this admission: its time and organism
WITH first AS (
  SELECT MIN(COALESCE(m.charttime, m.chartdate)) AS t0, MIN(m.org_name) AS org_name
  FROM mimiciv_hosp.microbiologyevents m
  WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}} AND m.org_name IS NOT NULL
    AND COALESCE(m.charttime, m.chartdate) = (
      SELECT MIN(COALESCE(m2.charttime, m2.chartdate)) FROM mimiciv_hosp.microbiologyevents m2
      WHERE m2.hadm_id = {{hadm_id}} AND m2.spec_type_desc = {{specimen}} AND m2.org_name IS NOT NULL)
)
SELECT m.spec_type_desc AS specimen
FROM mimiciv_hosp.microbiologyevents m
WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc NOT LIKE '%SCREEN%'
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents o CROSS JOIN first f
              WHERE o.hadm_id = {{hadm_id}} AND o.spec_type_desc <> {{specimen}} AND o.org_name IS NOT NULL
                AND COALESCE(o.charttime, o.chartdate) <= f.t0 AND o.org_name <> f.org_name)
GROUP BY m.spec_type_desc
HAVING COUNT(m.org_name) = 0
