-- (admission, medication administered per eMAR); ≤ 2 per admission, and ≤ 15 per administration count so no one
-- count (a single dose is the commonest) dominates the family's golds
-- include: fragments/emar_administrations.sql cols=", COUNT(*) AS n"
), strat AS (
  SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.n ORDER BY (pick.hadm_id * 31 + LENGTH(pick.medication)) % 10007,
                                                                 pick.hadm_id, pick.medication) AS rn_n
  FROM pick WHERE pick.rn <= 2
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, p.medication AS drug
FROM strat p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn_n <= 15
ORDER BY (a.hadm_id * 31 + LENGTH(p.medication)) % 10007, a.hadm_id, p.medication
LIMIT 20000
