-- (admission, care unit the patient was transferred into during it); ≤ 2 per admission. The emergency department
-- is left out: patients arrive there before admission, so "moved to" it during an admission is not a transfer a
-- clinician would ask about (it was 24% of the Clean units and almost never a Noise one: a wording tell).
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: the patient was moved to that unit in another admission too (without the date the question has several
-- answers, so a twin's false date is not a restatement a reader can correct)
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
  AND EXISTS (SELECT 1 FROM g o JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              WHERE ao.subject_id = a.subject_id AND o.hadm_id <> a.hadm_id AND o.careunit = p.careunit)
ORDER BY (a.hadm_id * 31 + LENGTH(p.careunit)) % 10007, a.hadm_id, p.careunit
LIMIT 20000
