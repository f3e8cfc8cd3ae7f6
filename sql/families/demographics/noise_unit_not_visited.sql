-- Record noise: a care unit other admissions pass through, never visited in this admission, drawn in proportion
-- to how many admissions pass through each unit (inverse CDF over the admission's hash), so Noise units follow the
-- Clean units' distribution instead of favouring rare units (a uniform draw made the unit name a wording tell).
-- The weight is squared because the common units are the ones an admission has mostly already visited: weighting
-- by the count alone still left Med/Surg at 15 Noise vs 27 Clean questions of 160.
--   weights  admissions per care unit (the units Clean questions are bound from), squared
--   valid    those this admission never passed through, with cumulative weights
WITH weights AS (
  SELECT t0.careunit, COUNT(DISTINCT t0.hadm_id) * COUNT(DISTINCT t0.hadm_id) AS w
  FROM mimiciv_hosp.transfers t0
  WHERE t0.careunit IS NOT NULL AND t0.careunit NOT LIKE 'Emergency%' AND t0.hadm_id IS NOT NULL
  GROUP BY t0.careunit
), valid AS (
  SELECT wt.careunit, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.careunit) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers x WHERE x.hadm_id = {{hadm_id}} AND x.careunit = wt.careunit)
)
SELECT v.careunit
FROM valid v
WHERE ({{hadm_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{hadm_id}} * 2654435761) % v.total < v.hi
