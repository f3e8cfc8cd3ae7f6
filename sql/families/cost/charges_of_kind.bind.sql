-- (admission, kind of charge present in it)
WITH k AS (
  SELECT c.hadm_id, c.event_type FROM mimiciv_derived.cost c GROUP BY c.hadm_id, c.event_type
), pick AS (
  SELECT k.*, ROW_NUMBER() OVER (PARTITION BY k.hadm_id ORDER BY (LENGTH(k.event_type) * 7919 + k.hadm_id) % 1109, k.event_type) AS rn
  FROM k
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date,
       CASE p.event_type WHEN 'diagnoses_icd' THEN 'diagnosis' WHEN 'procedures_icd' THEN 'procedure'
                         WHEN 'labevents' THEN 'lab test' ELSE 'prescription' END AS charge_kind
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn = 1
ORDER BY (a.hadm_id * 31) % 10007, a.hadm_id
LIMIT 20000
