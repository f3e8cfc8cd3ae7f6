-- (admission, drug) whose first order(s) carry one numeric dose and unit; ≤ 2 drugs per admission
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: the drug was first ordered with one dose in another admission of the patient too (without the date the question has several answers, so a twin's false date is not a
-- restatement a reader can correct)
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
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.hadm_id ORDER BY (LENGTH(u.drug) * 7919 + u.hadm_id) % 1091,
      u.drug) AS rn
  FROM u
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.drug
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn <= 2
  AND EXISTS (SELECT 1 FROM u o JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              WHERE ao.subject_id = a.subject_id AND o.hadm_id <> a.hadm_id AND o.drug = p.drug)
ORDER BY (a.hadm_id * 31 + LENGTH(p.drug)) % 10007, a.hadm_id, p.drug
LIMIT 20000
