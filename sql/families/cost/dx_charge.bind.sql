-- (admission, diagnosis coded once in it, with a charge); ≤ 2 per admission
-- The question names the admission by its start date (patients with another admission) and the diagnosis by its
-- title (a title one code's): the admission's diagnosiss carry ≥ 2 different charges, so without the diagnosis the
-- question has several answers. A code's charge is the same in every admission, so a false date is a restatement
-- whenever the patient had the diagnosis in another admission (38 of 38 value twins of main's build): the family
-- has no value level; its twins name a diagnosis the admission lacks (record: never the patient's; query: another
-- admission's).
WITH g AS (
  SELECT x.hadm_id, x.icd_code, x.icd_version, MIN(x.seq_num) AS seq_num
  FROM mimiciv_hosp.diagnoses_icd x
  GROUP BY x.hadm_id, x.icd_code, x.icd_version HAVING COUNT(*) = 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (g.seq_num * 7919 + g.hadm_id) % 1123, g.seq_num) AS rn
  FROM g
  WHERE EXISTS (SELECT 1 FROM mimiciv_derived.cost c
                WHERE c.hadm_id = g.hadm_id AND c.event_type = 'diagnoses_icd' AND c.event_id = g.seq_num)
-- the three filters below as joins to grouped tables: as correlated subqueries PostgreSQL ran them once per candidate
-- (the title one a scan of the dictionary each time: over 120 s at 30,000 patients); DuckDB decorrelates either way
), multi_admission AS (
  SELECT o.subject_id FROM mimiciv_hosp.admissions o GROUP BY o.subject_id HAVING COUNT(*) >= 2
), charges_differ AS (
  SELECT c.hadm_id FROM mimiciv_derived.cost c
  WHERE c.event_type = 'diagnoses_icd'
  GROUP BY c.hadm_id HAVING COUNT(DISTINCT c.cost) >= 2
), title_once AS (
  SELECT u.icd_version, u.long_title FROM mimiciv_hosp.d_icd_diagnoses u
  GROUP BY u.icd_version, u.long_title HAVING COUNT(*) = 1
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, TRIM(p.icd_code) AS icd_code, p.icd_version,
       t.long_title AS icd_title
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN multi_admission m ON m.subject_id = a.subject_id
JOIN charges_differ cd ON cd.hadm_id = a.hadm_id
JOIN title_once tu ON tu.icd_version = p.icd_version AND tu.long_title = t.long_title
WHERE p.rn <= 2
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id, p.seq_num
LIMIT 20000
