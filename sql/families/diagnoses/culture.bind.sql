-- (admission, specimen type) whose first positive culture grew a single organism
WITH pos AS (
  SELECT m.hadm_id, m.spec_type_desc, MIN(COALESCE(m.charttime, m.chartdate)) AS t0
  FROM mimiciv_hosp.microbiologyevents m
  WHERE m.hadm_id IS NOT NULL AND m.org_name IS NOT NULL
  GROUP BY m.hadm_id, m.spec_type_desc
), u AS (
  SELECT pos.hadm_id, pos.spec_type_desc
  FROM pos JOIN mimiciv_hosp.microbiologyevents m
    ON m.hadm_id = pos.hadm_id AND m.spec_type_desc = pos.spec_type_desc AND COALESCE(m.charttime, m.chartdate) = pos.t0
   AND m.org_name IS NOT NULL
  GROUP BY pos.hadm_id, pos.spec_type_desc HAVING COUNT(DISTINCT m.org_name) = 1
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, u.spec_type_desc AS specimen
FROM u JOIN mimiciv_hosp.admissions a ON a.hadm_id = u.hadm_id
ORDER BY (a.hadm_id * 31 + LENGTH(u.spec_type_desc)) % 10007, a.hadm_id, u.spec_type_desc
LIMIT 20000
