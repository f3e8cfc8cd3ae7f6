-- Record noise: an ICU unit where other stays start, which this admission never passed through (no ICU stay began
-- or ended there, no transfer into it), drawn in proportion to how many ICU stays begin in each unit (inverse CDF
-- over the admission's hash), so Noise units follow the Clean units' distribution (a uniform draw favoured the
-- rare units and made the unit name a wording tell)
--   weights  ICU stays per first care unit
--   valid    units this admission never entered, with cumulative weights
WITH weights AS (
  SELECT s0.first_careunit AS careunit, COUNT(*) AS w
  FROM mimiciv_icu.icustays s0
  WHERE s0.first_careunit IS NOT NULL
  GROUP BY s0.first_careunit
), valid AS (
  SELECT wt.careunit, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.careunit) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays x
                    WHERE x.hadm_id = {{hadm_id}} AND (x.first_careunit = wt.careunit OR x.last_careunit = wt.careunit))
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers t WHERE t.hadm_id = {{hadm_id}} AND t.careunit = wt.careunit)
)
SELECT v.careunit
FROM valid v
WHERE ({{hadm_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{hadm_id}} * 2654435761) % v.total < v.hi
