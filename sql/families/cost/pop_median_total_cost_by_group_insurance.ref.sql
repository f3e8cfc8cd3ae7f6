-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated insurance;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated insurance
--   ch         each cohort admission's total cost (all charge types; read per admission:
--              fragments/stratum_cohort.sql says why); admissions without charges count as 0
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=insurance
)
SELECT ROUND(CAST(PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY COALESCE(ch.total_cost, 0)) AS NUMERIC), 2) AS median_total_cost
FROM cohort c
LEFT JOIN LATERAL (
  SELECT SUM(ct.cost) AS total_cost FROM mimiciv_derived.cost ct WHERE ct.hadm_id = c.hadm_id
) ch ON TRUE
HAVING COUNT(DISTINCT c.hadm_id) > 0
