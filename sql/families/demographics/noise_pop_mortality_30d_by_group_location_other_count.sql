-- Value noise (content): another admission location from which admissions coded with the group came, but not as
-- many as the stated cohort size (the stated count belongs to another stratum): location and count are Clean
-- values of the family, and only the record shows the cohort is not that size
--   group_adm  admissions coded with the group
--   strata     their count per admission location
-- include: fragments/group_admissions.sql
), strata AS (
  SELECT a.admission_location, COUNT(*) AS n
  FROM mimiciv_hosp.admissions a JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.admission_location IS NOT NULL
  GROUP BY a.admission_location
)
SELECT s.admission_location
FROM strata s
WHERE s.admission_location <> {{admission_location}} AND s.n <> {{n_adm}}
