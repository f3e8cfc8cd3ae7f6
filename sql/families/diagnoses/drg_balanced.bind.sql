-- (admission, DRG type with exactly one description in it); an admission grouped both ways is asked about its APR
-- DRG: 1,912 admissions have an MS-DRG (HCFA) only and 280 an APR-DRG only, so the type an admission lacks (a Noise
-- twin) is nearly always APR, and Clean questions must ask about APR as often for "APR" not to mark the Noise
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: another admission of the patient was grouped into another DRG of that type (without the date the
-- question has several answers, so a twin's false date is not a restatement a reader can correct)
WITH g AS (
  SELECT d.hadm_id, TRIM(d.drg_type) AS drg_type FROM mimiciv_hosp.drgcodes d
  WHERE d.drg_type IS NOT NULL
  GROUP BY d.hadm_id, TRIM(d.drg_type) HAVING COUNT(DISTINCT d.description) = 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY CASE WHEN g.drg_type = 'APR' THEN 0
      ELSE 1 END, g.drg_type) AS rn
  FROM g
), other_drg AS (
  -- (admission, type) where another admission of the patient was grouped into another DRG of that type: one join,
  -- where a correlated EXISTS per admission made PostgreSQL hash the DRG table once per candidate
  SELECT DISTINCT s.hadm_id, TRIM(s.drg_type) AS drg_type
  FROM mimiciv_hosp.drgcodes s
  JOIN mimiciv_hosp.admissions sa ON sa.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.admissions ao ON ao.subject_id = sa.subject_id AND ao.hadm_id <> sa.hadm_id
  JOIN mimiciv_hosp.drgcodes o ON o.hadm_id = ao.hadm_id AND TRIM(o.drg_type) = TRIM(s.drg_type)
  WHERE o.description <> s.description
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.drg_type
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN other_drg od ON od.hadm_id = p.hadm_id AND od.drg_type = p.drg_type
WHERE p.rn = 1
ORDER BY (a.hadm_id * 31) % 10007, a.hadm_id
LIMIT 20000
