-- Days from the discharge of the patient's first admission coded with a diagnosis group to their next admission.
--   group_adm  the patient's admissions coded with the group (its ICD-9 and ICD-10 codes)
--   index_adm  the earliest of them (the group is the one handle on it)
--   ranked     the patient's admissions ranked by admittime (RANK: admissions at one admittime share a rank), with
--              how many share each admittime
--   next_adm   the admission(s) of the rank after the index one's. Ties give no silent pick: an index admission
--              sharing its admittime with another has no defined next one (no row: the binding is rejected); next
--              admissions tied at one admittime give the same interval
-- Answer: (next admittime - index dischtime) in days, one decimal.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
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
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (n.next_admittime - n.dischtime)) / 86400.0 AS NUMERIC), 1) AS days_to_next_admission
FROM next_adm n
