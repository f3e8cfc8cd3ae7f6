-- DRGs fit their admission: at most one HCFA and one APR row per admission, DRG codes are three digits, and an
-- MS-DRG says 'W MCC' only for an admission that had an ICU stay or died, or carries at least 3 diagnoses
SELECT
    (SELECT COUNT(*) FROM (SELECT hadm_id, drg_type FROM mimiciv_hosp.drgcodes GROUP BY hadm_id, drg_type
                           HAVING COUNT(*) > 1) g)
  + (SELECT COUNT(*) FROM mimiciv_hosp.drgcodes WHERE LENGTH(drg_code) <> 3 OR description IS NULL)
  + (SELECT COUNT(*) FROM mimiciv_hosp.drgcodes d
      WHERE d.drg_type = 'HCFA' AND d.description LIKE '% W MCC'
        AND (SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd x WHERE x.hadm_id = d.hadm_id) < 3
        AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a WHERE a.hadm_id = d.hadm_id AND a.hospital_expire_flag = 1)
        AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays s WHERE s.hadm_id = d.hadm_id))
  AS violations
