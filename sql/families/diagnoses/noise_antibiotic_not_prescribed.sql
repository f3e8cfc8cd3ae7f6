-- Record noise: another antibiotic of the list, prescribed to other patients but never in this admission, drawn in
-- proportion to how many admissions were prescribed it (inverse CDF over the admission's hash), so Noise drugs
-- follow the Clean drugs' distribution (a uniform draw favoured the rarely used meropenem: a wording tell)
--   weights  admissions per antibiotic of the list
--   valid    those never prescribed in this admission, nor given per eMAR or as an ICU input (same first six letters:
--            ceftriaxone, metronidazole, ...), with cumulative weights. An ICU input alone had let a reader who takes
--            "prescription" or "order" for "given" answer the twin (an audit of 200 pairs found one such)
WITH weights AS (
  SELECT p0.drug, COUNT(DISTINCT p0.hadm_id) AS w
  FROM mimiciv_hosp.prescriptions p0
  WHERE p0.drug IN ('CefazoLIN', 'Vancomycin', 'CeftriaXONE', 'Piperacillin-Tazobactam', 'Azithromycin',
      'MetRONIDAZOLE (FLagyl)', 'Cefepime', 'Ciprofloxacin HCl', 'Meropenem')
  GROUP BY p0.drug
), valid AS (
  SELECT wt.drug, wt.w, SUM(wt.w) OVER (ORDER BY wt.drug) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  WHERE wt.drug <> {{drug}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = {{hadm_id}} AND p.drug = wt.drug)
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar e
                    WHERE e.hadm_id = {{hadm_id}} AND LEFT(LOWER(e.medication), 6) = LEFT(LOWER(wt.drug), 6))
    AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
                    WHERE i.hadm_id = {{hadm_id}} AND LEFT(LOWER(d.label), 6) = LEFT(LOWER(wt.drug), 6))
)
SELECT v.drug
FROM valid v
WHERE ({{hadm_id}} * 2654435761) % v.total >= v.hi - v.w AND ({{hadm_id}} * 2654435761) % v.total < v.hi
