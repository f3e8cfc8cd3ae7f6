-- (admission, drug with ≥ 2 orders that have a stop time after their start); ≤ 2 drugs per admission
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: the drug was also on order in another admission of the patient (without the date the question has
-- several answers, so a twin's false date is not a restatement a reader can correct)
WITH d AS (
  SELECT p.subject_id, p.hadm_id, p.drug, COUNT(*) AS n
  FROM mimiciv_hosp.prescriptions p
  WHERE p.stoptime > p.starttime
  GROUP BY p.subject_id, p.hadm_id, p.drug
  HAVING COUNT(*) >= 2
), pick AS (
  SELECT d.*, ROW_NUMBER() OVER (PARTITION BY d.hadm_id ORDER BY (LENGTH(d.drug) * 7919 + d.hadm_id) % 1097,
      d.drug) AS rn
  FROM d
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.drug
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn <= 2
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q
              WHERE q.subject_id = a.subject_id AND q.hadm_id <> a.hadm_id AND q.drug = p.drug
                AND q.stoptime > q.starttime)
ORDER BY (a.hadm_id * 31 + LENGTH(p.drug)) % 10007, a.hadm_id, p.drug
LIMIT 20000
