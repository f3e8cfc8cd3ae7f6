-- The bindings of a population-by-group family: (diagnosis group, stratum value) with at least `min` admissions
-- coded with the group (the count is not a slot: the question names the cohort by its criteria). After CTE
-- dx_groups (fragments/dx_groups.sql); ends the query.
-- Holes: stratum (the admissions column: insurance, admission_type, admission_location), dx (more conditions on the
-- diagnosis row d, e.g. " AND d.seq_num = 1" for the principal diagnosis; may be empty), where (more conditions on
-- the admission a; may be empty), min (the smallest stratum).
), cohort AS (
  SELECT DISTINCT g.dx_group, a.${stratum}, a.hadm_id
  FROM dx_groups g
  JOIN dx_group_codes gc ON gc.dx_group = g.dx_group
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_version = gc.icd_version AND d.icd_code = gc.icd_code${dx}
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.${stratum} IS NOT NULL${where}
)
SELECT c.dx_group, c.${stratum}
FROM cohort c
GROUP BY c.dx_group, c.${stratum}
HAVING COUNT(*) >= ${min}${keep}
