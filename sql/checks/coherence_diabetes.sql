-- type 2 diabetes admissions (E119 / 25000) have a glucose > 180 and receive insulin
SELECT COUNT(*) AS violations
FROM (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd
      WHERE (icd_version = 10 AND icd_code = 'E119') OR (icd_version = 9 AND icd_code = '25000')) d
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = d.hadm_id AND l.itemid = 50931 AND l.valuenum > 180)
   OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = d.hadm_id AND p.drug = 'Insulin')
