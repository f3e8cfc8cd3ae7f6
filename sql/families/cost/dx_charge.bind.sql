-- (admission, diagnosis coded once in it, with a charge); ≤ 2 per admission
WITH g AS (
  SELECT x.hadm_id, x.icd_code, x.icd_version, MIN(x.seq_num) AS seq_num
  FROM mimiciv_hosp.diagnoses_icd x
  GROUP BY x.hadm_id, x.icd_code, x.icd_version HAVING COUNT(*) = 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (g.seq_num * 7919 + g.hadm_id) % 1123, g.seq_num) AS rn
  FROM g
  WHERE EXISTS (SELECT 1 FROM mimiciv_derived.cost c
                WHERE c.hadm_id = g.hadm_id AND c.event_type = 'diagnoses_icd' AND c.event_id = g.seq_num)
)
SELECT a.subject_id, a.hadm_id, TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id, p.seq_num
LIMIT 20000
