-- sepsis admissions (A419 / 0389) have lactate measured, a WBC > 11, blood cultures, and vancomycin or piperacillin-tazobactam
SELECT COUNT(*) AS violations
FROM (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd
      WHERE (icd_version = 10 AND icd_code = 'A419') OR (icd_version = 9 AND icd_code = '0389')) d
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = d.hadm_id AND l.itemid = 50813)
   OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = d.hadm_id AND l.itemid = 51301 AND l.valuenum > 11)
   OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents m WHERE m.hadm_id = d.hadm_id AND m.spec_type_desc = 'BLOOD CULTURE')
   OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = d.hadm_id
                  AND p.drug IN ('Vancomycin', 'Piperacillin-Tazobactam'))
