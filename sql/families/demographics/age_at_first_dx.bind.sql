-- (patient, diagnosis coded for them); ≤ 2 per patient
-- The diagnosis must select the admission: it was first coded in a later year than the patient's first admission,
-- so the age differs from the age at the first admission (else a twin naming a diagnosis the patient never had is
-- answered by dropping the diagnosis: the age at the first admission)
WITH g AS (
  SELECT x.subject_id, x.icd_code, x.icd_version FROM mimiciv_hosp.diagnoses_icd x
  GROUP BY x.subject_id, x.icd_code, x.icd_version
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.subject_id ORDER BY (LENGTH(g.icd_code) * 7919 + g.subject_id) % 1223,
      g.icd_code) AS rn
  FROM g
)
SELECT p.subject_id, TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title
FROM pick p JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
  AND (SELECT EXTRACT(YEAR FROM MIN(a.admittime)) FROM mimiciv_hosp.admissions a
       JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = a.hadm_id
       WHERE a.subject_id = p.subject_id AND x.icd_code = p.icd_code AND x.icd_version = p.icd_version)
      > (SELECT EXTRACT(YEAR FROM MIN(a0.admittime)) FROM mimiciv_hosp.admissions a0 WHERE a0.subject_id = p.subject_id)
ORDER BY (p.subject_id * 31 + LENGTH(p.icd_code)) % 10007, p.subject_id, p.icd_code
LIMIT 20000
