-- (admission, procedure coded once in it) with a charge
-- The question names the admission by its start date (patients with another admission) and the procedure by its
-- title (a title one code's): the admission's procedures carry ≥ 2 different charges, so without the procedure the
-- question has several answers. A code's charge is the same in every admission, so a false date is a restatement
-- whenever the patient had the procedure in another admission (35 of 35 value twins of main's build): the family
-- has no value level; its twins name a procedure the admission lacks (record: never the patient's; query: another
-- admission's).
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
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, TRIM(p.icd_code) AS icd_code, p.icd_version,
       t.long_title AS icd_title
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn = 1
  AND (SELECT COUNT(*) FROM mimiciv_hosp.admissions o WHERE o.subject_id = a.subject_id) >= 2
  AND (SELECT COUNT(DISTINCT c.cost) FROM mimiciv_derived.cost c
       WHERE c.hadm_id = a.hadm_id AND c.event_type = 'procedures_icd') >= 2
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id
LIMIT 20000
