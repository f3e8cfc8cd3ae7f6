-- Reading: the diagnosis group under its broad definition (fragments/dx_group_codes_broad.sql: heart failure with
-- the cardiomyopathies, AF with flutter, any diabetes, ...), otherwise the reference.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes_broad.sql
),
-- include: fragments/first_group_admission.sql
), ranked AS (
  SELECT a.hadm_id, RANK() OVER (ORDER BY a.admittime) AS rk,
         COUNT(*) OVER (PARTITION BY a.admittime) AS n_at_admittime
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
), next_adm AS (
  SELECT n.hadm_id AS next_hadm_id
  FROM ranked r
  JOIN index_adm i ON i.hadm_id = r.hadm_id
  JOIN ranked n ON n.rk = r.rk + 1
  WHERE r.n_at_admittime = 1 AND n.n_at_admittime = 1
), charges AS (
  SELECT c.hadm_id, SUM(c.cost) AS total_cost
  FROM mimiciv_derived.cost c
  JOIN next_adm n ON n.next_hadm_id = c.hadm_id
  GROUP BY c.hadm_id
)
SELECT ROUND(CAST(ch.total_cost AS NUMERIC), 2) AS next_admission_cost
FROM charges ch
