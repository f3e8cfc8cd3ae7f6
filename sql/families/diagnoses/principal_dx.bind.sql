-- (admission with one principal diagnosis, another diagnosis coded in it); ≤ 2 per admission
-- The question names the admission by its start date and the diagnosis by its title (and ICD version): the diagnosis
-- was coded in another admission of the patient too, with another principal diagnosis, so without the date the
-- question has several answers; a title is one code's (5 ICD-9 titles name two codes); and a third admission lacks the
-- diagnosis, so the record twin (that admission, by its date) exists and the value twins do not take every pair
WITH prin AS (
  SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x WHERE x.seq_num = 1
  GROUP BY x.hadm_id HAVING COUNT(*) = 1
), g AS (
  SELECT x.hadm_id, x.icd_code, x.icd_version, MIN(x.seq_num) AS seq_num
  FROM mimiciv_hosp.diagnoses_icd x JOIN prin ON prin.hadm_id = x.hadm_id
  WHERE x.seq_num > 1
  GROUP BY x.hadm_id, x.icd_code, x.icd_version
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (g.seq_num * 7919 + g.hadm_id) % 1163, g.seq_num) AS rn
  FROM g
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, TRIM(p.icd_code) AS icd_code, p.icd_version,
       t.long_title AS icd_title
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
  AND EXISTS (SELECT 1 FROM g o
              JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              JOIN mimiciv_hosp.diagnoses_icd po ON po.hadm_id = o.hadm_id AND po.seq_num = 1
              JOIN mimiciv_hosp.diagnoses_icd pc ON pc.hadm_id = a.hadm_id AND pc.seq_num = 1
              WHERE ao.subject_id = a.subject_id AND o.hadm_id <> a.hadm_id AND o.icd_code = p.icd_code
                AND o.icd_version = p.icd_version
                AND (po.icd_code <> pc.icd_code OR po.icd_version <> pc.icd_version))
  AND (SELECT COUNT(*) FROM mimiciv_hosp.d_icd_diagnoses u
       WHERE u.icd_version = p.icd_version AND u.long_title = t.long_title) = 1
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions n
              WHERE n.subject_id = a.subject_id
                AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd y
                                WHERE y.hadm_id = n.hadm_id AND y.icd_code = p.icd_code
                                  AND y.icd_version = p.icd_version))
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id, p.seq_num
LIMIT 20000
