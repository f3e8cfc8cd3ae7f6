-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated insurance;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated insurance
--   first_k    each cohort admission's first blood potassium (RANK by charttime). An admission whose first
--              charttime has two different potassium values has no first value: it stays in the cohort and its
--              count, like an admission without potassium, but is left out of the mean (no arbitrary pick)
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=insurance
), first_k AS (
  SELECT x.hadm_id, MIN(x.valuenum) AS valuenum
  FROM (SELECT l.hadm_id, l.valuenum,
               RANK() OVER (PARTITION BY l.hadm_id ORDER BY l.charttime) AS rn
        FROM mimiciv_hosp.labevents l
        JOIN cohort c ON c.hadm_id = l.hadm_id
        JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
        WHERE li.label = 'Potassium' AND li.fluid = 'Blood' AND l.valuenum IS NOT NULL) x
  WHERE x.rn = 1
  GROUP BY x.hadm_id
  HAVING MIN(x.valuenum) = MAX(x.valuenum)
)
SELECT ROUND(CAST(AVG(fk.valuenum) AS NUMERIC), 3) AS mean_first_potassium
FROM cohort c
LEFT JOIN first_k fk ON fk.hadm_id = c.hadm_id
HAVING COUNT(DISTINCT c.hadm_id) > 0
