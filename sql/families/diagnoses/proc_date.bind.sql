-- (admission, procedure coded in it); ≤ 2 per admission
WITH g AS (
  SELECT p.hadm_id, p.icd_code, p.icd_version, MIN(p.seq_num) AS seq_num
  FROM mimiciv_hosp.procedures_icd p GROUP BY p.hadm_id, p.icd_code, p.icd_version
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (g.seq_num * 7919 + g.hadm_id) % 1171, g.seq_num) AS rn
  FROM g
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, TRIM(p.icd_code) AS icd_code, p.icd_version,
       t.long_title AS icd_title
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id, p.seq_num
LIMIT 20000
