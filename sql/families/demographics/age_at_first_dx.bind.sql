-- (patient, diagnosis coded for them); ≤ 2 per patient
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
ORDER BY (p.subject_id * 31 + LENGTH(p.icd_code)) % 10007, p.subject_id, p.icd_code
LIMIT 20000
