-- (patient, diagnosis that was the principal diagnosis of one of their admissions); ≤ 2 per patient
-- The question names the diagnosis once, by its title and ICD version (a title is one code's: 5 ICD-9 titles name
-- two codes, those are left out). The diagnosis must select the admission: the first admission with it as the
-- principal diagnosis began in a later year than the patient's first admission, so the age differs from the age at
-- the first admission (else a twin naming a diagnosis the patient never had as principal is answered by dropping the
-- diagnosis: the age at the first admission).
--   prin    principal (seq_num 1) diagnoses per patient, with the year of the first admission they head
--   first   the year of each patient's first admission
--   titles  one code per (version, title)
WITH prin AS (
  SELECT a.subject_id, x.icd_code, x.icd_version, MIN(EXTRACT(YEAR FROM a.admittime)) AS first_year
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE x.seq_num = 1
  GROUP BY a.subject_id, x.icd_code, x.icd_version
), first AS (
  SELECT a0.subject_id, MIN(EXTRACT(YEAR FROM a0.admittime)) AS first_year
  FROM mimiciv_hosp.admissions a0 GROUP BY a0.subject_id
), titles AS (
  SELECT u.icd_version, u.long_title FROM mimiciv_hosp.d_icd_diagnoses u
  GROUP BY u.icd_version, u.long_title HAVING COUNT(*) = 1
), pick AS (
  SELECT p.subject_id, p.icd_code, p.icd_version,
         ROW_NUMBER() OVER (PARTITION BY p.subject_id ORDER BY (LENGTH(p.icd_code) * 7919 + p.subject_id) % 1223,
             p.icd_code) AS rn
  FROM prin p JOIN first f ON f.subject_id = p.subject_id
  WHERE p.first_year > f.first_year
)
SELECT p.subject_id, TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title
FROM pick p
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN titles ON titles.icd_version = t.icd_version AND titles.long_title = t.long_title
WHERE p.rn <= 2
ORDER BY (p.subject_id * 31 + LENGTH(p.icd_code)) % 10007, p.subject_id, p.icd_code
LIMIT 20000
