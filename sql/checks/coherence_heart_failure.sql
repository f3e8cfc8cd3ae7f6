-- heart failure admissions (I509 / 4280) receive furosemide and have an NTproBNP (itemid 50963)
SELECT COUNT(*) AS violations
FROM (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd
      WHERE (icd_version = 10 AND icd_code = 'I509') OR (icd_version = 9 AND icd_code = '4280')) d
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = d.hadm_id AND l.itemid = 50963)
   OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = d.hadm_id AND p.drug = 'Furosemide')
