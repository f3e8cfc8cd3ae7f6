-- hyperkalemia admissions (E875 / 2767) have a potassium > 5.5 and receive insulin and calcium gluconate
SELECT COUNT(*) AS violations
FROM (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd
      WHERE (icd_version = 10 AND icd_code = 'E875') OR (icd_version = 9 AND icd_code = '2767')) d
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = d.hadm_id AND l.itemid = 50971 AND l.valuenum > 5.5)
   OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = d.hadm_id AND p.drug = 'Insulin')
   OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = d.hadm_id AND p.drug = 'Calcium Gluconate')
