-- Value noise (content): another admission type under which admissions with the group as principal diagnosis exist,
-- but not as many as the stated cohort size (the stated count belongs to another stratum): the type is one Clean
-- questions use, the count a Clean count, and only the record shows the cohort is not that size
--   group_adm  admissions whose principal (first-coded) diagnosis is the group
--   strata     their count per admission type
-- include: fragments/group_admissions.sql
    AND d.seq_num = 1
), strata AS (
  SELECT a.admission_type, COUNT(*) AS n
  FROM mimiciv_hosp.admissions a JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.admission_type IS NOT NULL
  GROUP BY a.admission_type
)
SELECT s.admission_type
FROM strata s
WHERE s.admission_type <> {{admission_type}} AND s.n <> {{n_adm}}
