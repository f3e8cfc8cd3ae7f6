-- Record noise: a specimen type cultured for other patients but never in this admission, drawn in proportion to
-- how many admissions had a positive culture of it (inverse CDF over the admission's hash), so Noise specimens follow
-- the Clean specimens' distribution, and only where the specimen selects the answer: a positive culture of another
-- specimen, no later than the Clean specimen's first, grew another organism (else the admission's first positive
-- culture answers the question without the specimen, a restatement: 15 of 50 record twins of main's build)
--   weights  admissions with a positive culture per specimen type
--   valid    specimen types never cultured in this admission, with cumulative weights
--   first    the Clean specimen's first positive culture in this admission: its time and organism
WITH weights AS (
  SELECT m0.spec_type_desc, COUNT(DISTINCT m0.hadm_id) AS w
  FROM mimiciv_hosp.microbiologyevents m0
  WHERE m0.spec_type_desc IS NOT NULL AND m0.org_name IS NOT NULL
  GROUP BY m0.spec_type_desc
), first AS (
  SELECT MIN(COALESCE(m.charttime, m.chartdate)) AS t0, MIN(m.org_name) AS org_name
  FROM mimiciv_hosp.microbiologyevents m
  WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}} AND m.org_name IS NOT NULL
    AND COALESCE(m.charttime, m.chartdate) = (
      SELECT MIN(COALESCE(m2.charttime, m2.chartdate)) FROM mimiciv_hosp.microbiologyevents m2
      WHERE m2.hadm_id = {{hadm_id}} AND m2.spec_type_desc = {{specimen}} AND m2.org_name IS NOT NULL)
), valid AS (
  SELECT wt.spec_type_desc, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.spec_type_desc) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents x
                    WHERE x.hadm_id = {{hadm_id}} AND x.spec_type_desc = wt.spec_type_desc)
)
SELECT v.spec_type_desc AS specimen
FROM valid v
WHERE ({{hadm_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{hadm_id}} * 2654435761) % v.total < v.hi
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents o CROSS JOIN first f
              WHERE o.hadm_id = {{hadm_id}} AND o.spec_type_desc <> {{specimen}} AND o.org_name IS NOT NULL
                AND COALESCE(o.charttime, o.chartdate) <= f.t0 AND o.org_name <> f.org_name)
