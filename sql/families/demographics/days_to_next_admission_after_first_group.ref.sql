-- Days from the discharge of the patient's first admission coded with a diagnosis group to their next admission.
--   group_adm  the patient's admissions coded with the group (ICD-9 or ICD-10 pattern)
--   index_adm  the earliest of them, admitted on the stated date
--   next_adm   the patient's admissions ordered by admittime; LEAD gives the admission that follows the index one
-- Answer: (next admittime - index dischtime) in days, one decimal.
-- include: fragments/first_group_admission.sql
), next_adm AS (
  SELECT a.hadm_id, a.dischtime,
         LEAD(a.admittime) OVER (ORDER BY a.admittime, a.hadm_id) AS next_admittime
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
)
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (n.next_admittime - n.dischtime)) / 86400.0 AS NUMERIC), 1) AS days_to_next_admission
FROM next_adm n
JOIN index_adm i ON i.hadm_id = n.hadm_id
WHERE n.next_admittime IS NOT NULL
