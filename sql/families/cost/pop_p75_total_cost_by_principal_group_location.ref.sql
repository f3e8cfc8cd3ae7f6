-- Cohort: admissions whose principal (first-coded) diagnosis is a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_location;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions whose principal (first-coded) diagnosis is the group
--   cohort     those admissions with the stated admission_location
--   charges    each cohort admission's total cost (all charge types); admissions without charges count as 0
-- include: fragments/group_admissions.sql
    AND d.seq_num = 1
-- include: fragments/stratum_cohort.sql stratum=admission_location
), charges AS (
  SELECT c.hadm_id, SUM(ct.cost) AS total_cost
  FROM cohort c
  JOIN mimiciv_derived.cost ct ON ct.hadm_id = c.hadm_id
  GROUP BY c.hadm_id
)
SELECT ROUND(CAST(PERCENTILE_CONT(0.75) WITHIN GROUP (ORDER BY COALESCE(ch.total_cost, 0)) AS NUMERIC), 2) AS p75_total_cost
FROM cohort c
LEFT JOIN charges ch ON ch.hadm_id = c.hadm_id
HAVING COUNT(DISTINCT c.hadm_id) > 0
