-- Record noise: another antibiotic of the list, prescribed to other patients but never in this admission
SELECT v.drug
FROM (SELECT DISTINCT p0.drug FROM mimiciv_hosp.prescriptions p0 WHERE p0.drug IN ('CefazoLIN', 'Vancomycin', 'CeftriaXONE', 'Piperacillin-Tazobactam', 'Azithromycin', 'MetRONIDAZOLE (FLagyl)', 'Cefepime', 'Ciprofloxacin HCl', 'Meropenem')) v
WHERE v.drug <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = {{hadm_id}} AND p.drug = v.drug)
