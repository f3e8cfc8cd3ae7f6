-- Record noise: another antibiotic of the list, prescribed to other patients but never in this admission, drawn in
-- proportion to how many admissions were prescribed it (inverse CDF over the admission's hash), so Noise drugs
-- follow the Clean drugs' distribution (a uniform draw favoured the rarely used meropenem: a wording tell)
--   weights  admissions per antibiotic of the list
--   valid    those never prescribed in this admission, with cumulative weights
WITH weights AS (
  SELECT p0.drug, COUNT(DISTINCT p0.hadm_id) AS w
  FROM mimiciv_hosp.prescriptions p0
  WHERE p0.drug IN ('CefazoLIN', 'Vancomycin', 'CeftriaXONE', 'Piperacillin-Tazobactam', 'Azithromycin', 'MetRONIDAZOLE (FLagyl)', 'Cefepime', 'Ciprofloxacin HCl', 'Meropenem')
  GROUP BY p0.drug
), valid AS (
  SELECT wt.drug, wt.w, SUM(wt.w) OVER (ORDER BY wt.drug) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE wt.drug <> {{drug}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = {{hadm_id}} AND p.drug = wt.drug)
)
SELECT v.drug
FROM valid v
WHERE ({{hadm_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{hadm_id}} * 2654435761) % v.total < v.hi
