-- Total cost of the admission that followed the patient's first admission coded with a diagnosis group.
--   group_adm  the patient's admissions coded with the group (ICD-9 or ICD-10 pattern)
--   index_adm  the earliest of them, admitted on the stated date
--   next_adm   the patient's admissions in time order; LEAD names the admission after each one
--   charges    all charges of that next admission
-- include: fragments/first_group_admission.sql
), next_adm AS (
  SELECT a.hadm_id, LEAD(a.hadm_id) OVER (ORDER BY a.admittime, a.hadm_id) AS next_hadm_id
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
), charges AS (
  SELECT c.hadm_id, SUM(c.cost) AS total_cost
  FROM mimiciv_derived.cost c
  JOIN next_adm n ON n.next_hadm_id = c.hadm_id
  JOIN index_adm i ON i.hadm_id = n.hadm_id
  GROUP BY c.hadm_id
)
SELECT ROUND(CAST(ch.total_cost AS NUMERIC), 2) AS next_admission_cost
FROM charges ch
