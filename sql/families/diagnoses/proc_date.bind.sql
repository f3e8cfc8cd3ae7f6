-- (admission, procedure coded in it); ≤ 2 per admission
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: the procedure was coded in another admission of the patient too (without the date the question has
-- several answers, so a twin's false date is not a restatement a reader can correct)
-- and the procedure must select the date: another procedure of the admission came earlier (else a twin naming a
-- procedure the admission lacks is answered by the admission's first procedure date)
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
  AND EXISTS (SELECT 1 FROM g o JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              WHERE ao.subject_id = a.subject_id AND o.hadm_id <> a.hadm_id AND o.icd_code = p.icd_code
                AND o.icd_version = p.icd_version)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.procedures_icd e
              WHERE e.hadm_id = a.hadm_id
                AND e.chartdate < (SELECT MIN(s.chartdate) FROM mimiciv_hosp.procedures_icd s
                                   WHERE s.hadm_id = a.hadm_id AND s.icd_code = p.icd_code
                                     AND s.icd_version = p.icd_version))
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id, p.seq_num
LIMIT 20000
