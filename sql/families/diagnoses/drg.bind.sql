-- (admission, DRG type with exactly one description in it)
WITH g AS (
  SELECT d.hadm_id, d.drg_type FROM mimiciv_hosp.drgcodes d
  WHERE d.drg_type IS NOT NULL
  GROUP BY d.hadm_id, d.drg_type HAVING COUNT(DISTINCT d.description) = 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (LENGTH(g.drg_type) * 7919 + g.hadm_id) % 1187, g.drg_type) AS rn
  FROM g
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, TRIM(p.drg_type) AS drg_type
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn = 1
ORDER BY (a.hadm_id * 31) % 10007, a.hadm_id
LIMIT 20000
