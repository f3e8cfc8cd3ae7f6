-- (admission, kind of charge present in it ≥ 2 times); a procedure is picked for about half of the
-- admissions that have procedure charges, since the record twin's absent kind is nearly always a procedure (every
-- admission has diagnosis, lab and prescription charges), so "procedure" does not mark the Noise questions
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: another admission of the patient has charges of that kind too (without the date the question has
-- several answers, so a twin's false date is not a restatement a reader can correct). The question does not state
-- how many charges there are: a count that differs between the admissions named the admission a second time (a
-- twin's false date was answered through "the 58 lab test charges", 3eb8e657adc46988)
WITH k AS (
  SELECT c.hadm_id, c.event_type, COUNT(*) AS n FROM mimiciv_derived.cost c GROUP BY c.hadm_id, c.event_type
  HAVING COUNT(*) >= 2
), pick AS (
  SELECT k.*, ROW_NUMBER() OVER (PARTITION BY k.hadm_id
                                 ORDER BY CASE WHEN k.event_type = 'procedures_icd' AND k.hadm_id % 2 = 0 THEN 0
                                     ELSE 1 END,
                                          (LENGTH(k.event_type) * 7919 + k.hadm_id) % 1109, k.event_type) AS rn
  FROM k
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date,
       CASE p.event_type WHEN 'diagnoses_icd' THEN 'diagnosis' WHEN 'procedures_icd' THEN 'procedure'
                         WHEN 'labevents' THEN 'lab test' ELSE 'prescription' END AS charge_kind
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn = 1
  AND EXISTS (SELECT 1 FROM k o JOIN mimiciv_hosp.admissions ao ON ao.hadm_id = o.hadm_id
              WHERE ao.subject_id = a.subject_id AND o.hadm_id <> a.hadm_id AND o.event_type = p.event_type)
ORDER BY (a.hadm_id * 31) % 10007, a.hadm_id
LIMIT 20000
