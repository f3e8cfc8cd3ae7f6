-- Reading: the diagnosis group under its broad definition (fragments/dx_group_codes_broad.sql: heart failure with
-- the cardiomyopathies, AF with flutter, any diabetes, ...), otherwise the reference.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes_broad.sql
),
-- include: fragments/first_group_admission.sql
), ranked AS (
  SELECT a.hadm_id, a.admittime, a.dischtime, RANK() OVER (ORDER BY a.admittime) AS rk,
         COUNT(*) OVER (PARTITION BY a.admittime) AS n_at_admittime
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
), next_adm AS (
  SELECT r.dischtime, n.admittime AS next_admittime
  FROM ranked r
  JOIN index_adm i ON i.hadm_id = r.hadm_id
  JOIN ranked n ON n.rk = r.rk + 1
  WHERE r.n_at_admittime = 1
)
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (n.next_admittime - n.dischtime)) / 86400.0 AS NUMERIC), 1)
       AS days_to_next_admission
FROM next_adm n
