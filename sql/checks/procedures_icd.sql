-- procedure chartdate inside the admission, seq_num 1..n, codes in d_icd_procedures
SELECT
    (SELECT COUNT(*) FROM mimiciv_hosp.procedures_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
       WHERE x.chartdate < CAST(a.admittime AS DATE) OR x.chartdate > CAST(a.dischtime AS DATE)
          OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_icd_procedures d
                         WHERE d.icd_code = x.icd_code AND d.icd_version = x.icd_version))
  + (SELECT COUNT(*) FROM (SELECT hadm_id FROM mimiciv_hosp.procedures_icd GROUP BY hadm_id
                           HAVING MIN(seq_num) <> 1 OR MAX(seq_num) <> COUNT(*)) g)
  AS violations
