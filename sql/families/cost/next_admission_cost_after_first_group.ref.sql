-- Total cost of the admission that followed the patient's first admission coded with a diagnosis group.
--   group_adm  the patient's admissions coded with the group (its ICD-9 and ICD-10 codes)
--   index_adm  the earliest of them (the group is the one handle on it)
--   ranked     the patient's admissions ranked by admittime (RANK: admissions at one admittime share a rank), with
--              how many share each admittime
--   next_adm   the admission of the rank after the index one's. Ties give no silent pick: when the index
--              admission or the next one shares its admittime with another admission, there is no one next
--              admission (no row: the binding is rejected)
--   charges    all charges of that next admission
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
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
