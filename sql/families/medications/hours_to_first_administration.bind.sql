-- (admission, medication administered per eMAR); ≤ 2 per admission
-- include: fragments/emar_administrations.sql cols=
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.medication AS drug
FROM pick p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn <= 2
ORDER BY (a.hadm_id * 31 + LENGTH(p.medication)) % 10007, a.hadm_id, p.medication
LIMIT 20000
