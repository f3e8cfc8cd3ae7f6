-- anemia / GI bleeding admissions (D649, D62, K922 / 2859, 2851, 5789) have a hemoglobin below its reference range;
-- GI bleeds get pantoprazole and no antiplatelet or anticoagulant
SELECT
    (SELECT COUNT(*) FROM (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd
                           WHERE (icd_version = 10 AND icd_code IN ('D649', 'D62', 'K922'))
                              OR (icd_version = 9 AND icd_code IN ('2859', '2851', '5789'))) d
       WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = d.hadm_id AND l.itemid = 51222
                         AND l.valuenum < l.ref_range_lower))
  + (SELECT COUNT(*) FROM (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd
                           WHERE (icd_version = 10 AND icd_code = 'K922') OR (icd_version = 9 AND icd_code = '5789')) d
       WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = d.hadm_id AND p.drug = 'Pantoprazole')
          OR EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = d.hadm_id
                     AND p.drug IN ('Aspirin', 'Clopidogrel', 'Apixaban', 'Warfarin', 'Heparin')))
  AS violations
