-- (admission, procedure coded once in it, its date) with a charge
WITH g AS (
  SELECT p.hadm_id, p.icd_code, p.icd_version, MIN(p.seq_num) AS seq_num, MIN(p.chartdate) AS chartdate
  FROM mimiciv_hosp.procedures_icd p
  GROUP BY p.hadm_id, p.icd_code, p.icd_version HAVING COUNT(*) = 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (g.seq_num * 7919 + g.hadm_id) % 1129, g.seq_num) AS rn
  FROM g
  WHERE EXISTS (SELECT 1 FROM mimiciv_derived.cost c
                WHERE c.hadm_id = g.hadm_id AND c.event_type = 'procedures_icd' AND c.event_id = g.seq_num)
)
SELECT a.subject_id, a.hadm_id, TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title,
       p.chartdate AS proc_date
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn = 1
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id
LIMIT 20000
