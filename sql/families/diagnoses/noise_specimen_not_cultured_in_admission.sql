-- Record noise: another specimen type cultured elsewhere in the EHR but never in this admission, drawn in
-- proportion to how many admissions cultured it (inverse CDF over the admission's hash), so Noise specimens follow
-- the Clean specimens' distribution (a uniform draw favoured rare specimens such as CSF: a wording tell)
--   weights  admissions per specimen type
--   valid    specimen types never cultured in this admission, with cumulative weights
WITH weights AS (
  SELECT m0.spec_type_desc, COUNT(DISTINCT m0.hadm_id) AS w
  FROM mimiciv_hosp.microbiologyevents m0
  WHERE m0.spec_type_desc IS NOT NULL
  GROUP BY m0.spec_type_desc
), valid AS (
  SELECT wt.spec_type_desc, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.spec_type_desc) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE wt.spec_type_desc <> {{specimen}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents m
                    WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = wt.spec_type_desc)
)
SELECT v.spec_type_desc AS specimen
FROM valid v
WHERE ({{hadm_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{hadm_id}} * 2654435761) % v.total < v.hi
