-- Query noise: another antibiotic of the list that this admission was prescribed, but only before its first
-- culture of the specimen (the order of events is reversed)
SELECT p.drug
FROM mimiciv_hosp.prescriptions p
WHERE p.hadm_id = {{hadm_id}} AND p.drug <> {{drug}}
  AND p.drug IN ('CefazoLIN', 'Vancomycin', 'CeftriaXONE', 'Piperacillin-Tazobactam', 'Azithromycin', 'MetRONIDAZOLE (FLagyl)', 'Cefepime', 'Ciprofloxacin HCl', 'Meropenem')
GROUP BY p.drug
HAVING MAX(p.starttime) < (SELECT MIN(m.charttime) FROM mimiciv_hosp.microbiologyevents m
                           WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = {{specimen}})
