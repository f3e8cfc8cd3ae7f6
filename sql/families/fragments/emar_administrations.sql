-- (admission, medication administered per eMAR) candidates, the admissions with a never-given eMAR medication
-- all kept and the others thinned to a quarter: CTEs g, never_given, pick (rn: ≤ 2 per admission wanted),
-- opening the query's WITH; the query continues after it with `)` or `), name AS (`.
-- Holes: cols (more columns of g, per (hadm_id, medication); may be empty).
WITH g AS (
  SELECT e.hadm_id, e.medication${cols}
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
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (LENGTH(g.medication) * 7919 + g.hadm_id) % 1093,
      g.medication) AS rn
  FROM g
  WHERE g.hadm_id IN (SELECT ng.hadm_id FROM never_given ng) OR g.hadm_id % 4 = 0
