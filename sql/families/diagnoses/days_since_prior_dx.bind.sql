-- (admission, diagnosis the patient already had coded in an earlier admission); ≤ 2 per admission and ≤ 3 per
-- diagnosis: unstratified, the commonest chronic codes (diabetes, hyperlipidemia) filled the Clean questions while
-- Noise draws evenly from the Clean codes, so a common title alone told Clean apart
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: another admission of the patient also came after the diagnosis was first coded (without the date the
-- question has several answers, so a twin's false date is not a restatement a reader can correct)
-- and the diagnosis must select the earlier admission: it was first coded after the patient's first admission (else
-- a twin naming a diagnosis never coded, or first coded later, is answered by dropping the diagnosis: the days since
-- the first admission)
WITH dx AS (
  SELECT a.subject_id, a.hadm_id, a.admittime, x.icd_code, x.icd_version
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  GROUP BY a.subject_id, a.hadm_id, a.admittime, x.icd_code, x.icd_version
), g AS (
  SELECT later.subject_id, later.hadm_id, later.icd_code, later.icd_version
  FROM dx later JOIN dx earlier
    ON earlier.subject_id = later.subject_id AND earlier.icd_code = later.icd_code
   AND earlier.icd_version = later.icd_version AND earlier.admittime < later.admittime
  GROUP BY later.subject_id, later.hadm_id, later.icd_code, later.icd_version
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (LENGTH(g.icd_code) * 7919 + g.hadm_id) % 1181,
      g.icd_code) AS rn
  FROM g
), per_code AS (
  SELECT p.*, ROW_NUMBER() OVER (PARTITION BY p.icd_code, p.icd_version
      ORDER BY (p.hadm_id * 31 + LENGTH(p.icd_code)) % 10007, p.hadm_id) AS rc
  FROM pick p WHERE p.rn <= 2
), first_coded AS (
  -- when each (patient, code) was first coded, and each patient's first admission: joined, not computed per row by
  -- correlated subqueries (PostgreSQL scanned CTE dx once per candidate for each)
  SELECT f.subject_id, f.icd_code, f.icd_version, MIN(f.admittime) AS t_coded
  FROM dx f
  GROUP BY f.subject_id, f.icd_code, f.icd_version
), first_adm AS (
  SELECT a0.subject_id, MIN(a0.admittime) AS t_first FROM mimiciv_hosp.admissions a0 GROUP BY a0.subject_id
)
SELECT p.subject_id, p.hadm_id, CAST(a.admittime AS DATE) AS admit_date, TRIM(p.icd_code) AS icd_code, p.icd_version,
       t.long_title AS icd_title
FROM per_code p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN first_coded fc ON fc.subject_id = p.subject_id AND fc.icd_code = p.icd_code AND fc.icd_version = p.icd_version
JOIN first_adm fa ON fa.subject_id = p.subject_id
WHERE p.rc <= 3 AND fc.t_coded > fa.t_first
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions o
              WHERE o.subject_id = p.subject_id AND o.hadm_id <> p.hadm_id AND o.admittime > fc.t_coded)
ORDER BY (p.hadm_id * 31 + LENGTH(p.icd_code)) % 10007, p.hadm_id, p.icd_code
LIMIT 20000
