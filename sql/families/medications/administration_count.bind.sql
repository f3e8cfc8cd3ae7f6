-- (admission, medication administered per eMAR); ≤ 2 per admission, and ≤ 15 per administration count so no one
-- count (a single dose is the commonest) dominates the family's golds
WITH g AS (
  SELECT e.hadm_id, e.medication, COUNT(*) AS n
  FROM mimiciv_hosp.emar e
  WHERE e.event_txt = 'Administered' AND e.hadm_id IS NOT NULL AND e.medication IS NOT NULL
  GROUP BY e.hadm_id, e.medication
), never_given AS (
  -- admissions with a medication on the eMAR that was never given (the query twin's candidates): all kept, the
  -- others thinned to a quarter, so that twin is possible for about 40 % of the sample
  SELECT e.hadm_id
  FROM mimiciv_hosp.emar e
  WHERE e.hadm_id IS NOT NULL AND e.medication IS NOT NULL
  GROUP BY e.hadm_id, e.medication
  HAVING SUM(CASE WHEN e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed', 'Flushed')
                  THEN 1 ELSE 0 END) = 0
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (LENGTH(g.medication) * 7919 + g.hadm_id) % 1093, g.medication) AS rn
  FROM g
  WHERE g.hadm_id IN (SELECT ng.hadm_id FROM never_given ng) OR g.hadm_id % 4 = 0
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
