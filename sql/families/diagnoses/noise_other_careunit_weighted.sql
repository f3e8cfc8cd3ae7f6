-- Value noise: another ICU unit that stays start in, one this stay never passed through (a stay transferred into
-- the stated unit would be answerable under the reading "the stay in the X"), drawn in proportion to how many stays
-- start in each unit (inverse CDF over the stay's hash), so Noise units follow the Clean units' distribution
--   weights  ICU stays per first care unit
--   valid    units this stay never passed through, with cumulative weights
WITH weights AS (
  SELECT s0.first_careunit AS careunit, COUNT(*) AS w
  FROM mimiciv_icu.icustays s0
  WHERE s0.first_careunit IS NOT NULL
  GROUP BY s0.first_careunit
), valid AS (
  SELECT wt.careunit, wt.w, SUM(wt.w) OVER (ORDER BY wt.careunit) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE wt.careunit <> {{careunit}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers tr JOIN mimiciv_icu.icustays st ON st.hadm_id = tr.hadm_id
                    WHERE st.stay_id = {{stay_id}} AND tr.careunit = wt.careunit
                      AND tr.intime >= st.intime AND tr.intime < st.outtime)
)
SELECT v.careunit
FROM valid v
WHERE ({{stay_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{stay_id}} * 2654435761) % v.total < v.hi
