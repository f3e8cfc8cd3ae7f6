-- (admission, care unit the patient was transferred into during it); ≤ 2 per admission. The emergency department
-- is left out: patients arrive there before admission, so "moved to" it during an admission is not a transfer a
-- clinician would ask about (it was 24% of the Clean units and almost never a Noise one: a wording tell).
WITH g AS (
  SELECT t.hadm_id, t.careunit FROM mimiciv_hosp.transfers t
  WHERE t.hadm_id IS NOT NULL AND t.careunit IS NOT NULL AND t.intime IS NOT NULL
    AND t.careunit NOT LIKE 'Emergency%'
  GROUP BY t.hadm_id, t.careunit
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (LENGTH(g.careunit) * 7919 + g.hadm_id) % 1213,
      g.careunit) AS rn
  FROM g
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.careunit
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn <= 2
ORDER BY (a.hadm_id * 31 + LENGTH(p.careunit)) % 10007, a.hadm_id, p.careunit
LIMIT 20000
