-- seq_num runs 1..n per admission, one ICD version per admission, every code is in d_icd_diagnoses
SELECT
    (SELECT COUNT(*) FROM (SELECT hadm_id FROM mimiciv_hosp.diagnoses_icd GROUP BY hadm_id
                           HAVING MIN(seq_num) <> 1 OR MAX(seq_num) <> COUNT(*) OR COUNT(DISTINCT seq_num) <> COUNT(*)
                               OR COUNT(DISTINCT icd_version) <> 1) g)
  + (SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd x
       WHERE x.icd_version NOT IN (9, 10)
          OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses d
                         WHERE d.icd_code = x.icd_code AND d.icd_version = x.icd_version))
  AS violations
