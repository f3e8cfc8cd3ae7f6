-- Query noise: another antibiotic of the list that this admission was prescribed, but only before its first
-- culture of the specimen (the order of events is reversed), and neither given per eMAR nor as an ICU input at or
-- after that culture (same first six letters), so no reading of "prescription" as "given" finds a start after it
SELECT p.drug
FROM mimiciv_hosp.prescriptions p
WHERE p.hadm_id = {{hadm_id}} AND p.drug <> {{drug}}
  AND p.drug IN ('CefazoLIN', 'Vancomycin', 'CeftriaXONE', 'Piperacillin-Tazobactam', 'Azithromycin',
      'MetRONIDAZOLE (FLagyl)', 'Cefepime', 'Ciprofloxacin HCl', 'Meropenem')
GROUP BY p.drug
HAVING MAX(p.starttime) < (SELECT MIN(m.charttime) FROM mimiciv_hosp.microbiologyevents m
                           WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}})
   AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar e
                   WHERE e.hadm_id = {{hadm_id}} AND LEFT(LOWER(e.medication), 6) = LEFT(LOWER(p.drug), 6)
                     AND e.charttime >= (SELECT MIN(m.charttime) FROM mimiciv_hosp.microbiologyevents m
                                         WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}}))
   AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
                   WHERE i.hadm_id = {{hadm_id}} AND LEFT(LOWER(d.label), 6) = LEFT(LOWER(p.drug), 6)
                     AND i.starttime >= (SELECT MIN(m.charttime) FROM mimiciv_hosp.microbiologyevents m
                                         WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}}))
