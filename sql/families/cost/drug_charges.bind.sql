-- (admission, drug) with ≥ 1 single-component pharmacy order of the drug that has a charge; ≤ 2 per admission
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: the drug was also charged in another admission of the patient (without the date the question has
-- several answers, so a twin's false date is not a restatement a reader can correct), at another total (one order
-- at one price in each admission gave one answer without the date: 34 of 112 value twins of main's build)
WITH single AS (
  SELECT p.hadm_id, p.drug, p.pharmacy_id
  FROM mimiciv_hosp.prescriptions p
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.pharmacy_id = p.pharmacy_id AND q.drug <> p.drug)
), g AS (
  SELECT s.hadm_id, s.drug, ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total_cost FROM single s
  JOIN mimiciv_derived.cost c ON c.event_type = 'prescriptions' AND c.event_id = s.pharmacy_id AND c.hadm_id = s.hadm_id
  GROUP BY s.hadm_id, s.drug
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (LENGTH(g.drug) * 7919 + g.hadm_id) % 1117,
      g.drug) AS rn
  FROM g
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.drug
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn <= 2
  AND EXISTS (SELECT 1 FROM g o JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              WHERE ao.subject_id = a.subject_id AND o.hadm_id <> a.hadm_id AND o.drug = p.drug
                AND o.total_cost <> p.total_cost)
ORDER BY (a.hadm_id * 31 + LENGTH(p.drug)) % 10007, a.hadm_id, p.drug
LIMIT 20000
