-- The body of CTE routine (itemid): the routine lab tests, those with a numeric result in at least 80 % of the
-- admissions. Each admission counts once per test (distinct test and admission first: PostgreSQL hashes that, where
-- COUNT(DISTINCT hadm_id) per test sorted every lab result). Included as `WITH routine AS (` + this + `)` by the
-- lab families' binding queries, which ask about routine tests only.
  SELECT r0.itemid
  FROM (SELECT DISTINCT r1.itemid, r1.hadm_id FROM mimiciv_hosp.labevents r1
        WHERE r1.hadm_id IS NOT NULL AND r1.valuenum IS NOT NULL) r0
  GROUP BY r0.itemid
  HAVING COUNT(*) >= 0.8 * (SELECT COUNT(*) FROM mimiciv_hosp.admissions)
