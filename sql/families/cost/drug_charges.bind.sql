-- (admission, drug) with ≥ 1 single-component pharmacy order of the drug that has a charge; ≤ 2 per admission
WITH single AS (
  SELECT p.hadm_id, p.drug, p.pharmacy_id
  FROM mimiciv_hosp.prescriptions p
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q WHERE q.pharmacy_id = p.pharmacy_id AND q.drug <> p.drug)
), g AS (
  SELECT s.hadm_id, s.drug FROM single s
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
ORDER BY (a.hadm_id * 31 + LENGTH(p.drug)) % 10007, a.hadm_id, p.drug
LIMIT 20000
