-- (admission, drug) whose first order(s) carry one numeric dose and unit; ≤ 2 drugs per admission
-- The question names the admission by its start date (patients with another admission) and the drug by its name,
-- and the drug must select the answer: an order of another drug no later than the drug's first carries another dose
-- (else the admission's first order answers a twin naming a drug never given: 17 of 159 record twins). A drug's
-- first dose is mostly the same in every admission (in the default EHR only insulin's differs), so the value twin
-- (a false date) exists only where another admission's first order differs (its noise file checks it).
WITH f AS (
  SELECT p.hadm_id, p.drug, MIN(p.starttime) AS t0
  FROM mimiciv_hosp.prescriptions p WHERE p.starttime IS NOT NULL
  GROUP BY p.hadm_id, p.drug
), u AS (
  SELECT f.hadm_id, f.drug
  FROM f JOIN mimiciv_hosp.prescriptions p ON p.hadm_id = f.hadm_id AND p.drug = f.drug AND p.starttime = f.t0
  GROUP BY f.hadm_id, f.drug
  HAVING COUNT(DISTINCT p.dose_val_rx || '|' || COALESCE(p.dose_unit_rx, '')) = 1
     AND MIN(CASE WHEN p.dose_val_rx ~ '^[0-9]+(\.[0-9]+)?$' THEN 1 ELSE 0 END) = 1
     AND BOOL_OR(EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q
                         WHERE q.hadm_id = f.hadm_id AND q.drug <> f.drug AND q.starttime <= f.t0
                           AND q.dose_val_rx ~ '^[0-9]+(\.[0-9]+)?$'
                           AND q.dose_val_rx || '|' || COALESCE(q.dose_unit_rx, '')
                               <> p.dose_val_rx || '|' || COALESCE(p.dose_unit_rx, '')))
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.hadm_id ORDER BY (LENGTH(u.drug) * 7919 + u.hadm_id) % 1091,
      u.drug) AS rn
  FROM u
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.drug
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn <= 2
  AND (SELECT COUNT(*) FROM mimiciv_hosp.admissions o WHERE o.subject_id = a.subject_id) >= 2
ORDER BY (a.hadm_id * 31 + LENGTH(p.drug)) % 10007, a.hadm_id, p.drug
LIMIT 20000
