-- Query noise: a admission_location of this EHR under which no admission coded with the group (the presupposed cohort is empty)
-- include: fragments/group_admissions.sql
), cohort AS (
  SELECT a.admission_location, a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.admission_location IS NOT NULL
)
SELECT v.admission_location
FROM (SELECT DISTINCT a0.admission_location FROM mimiciv_hosp.admissions a0 WHERE a0.admission_location IS NOT NULL) v
WHERE v.admission_location <> {{admission_location}}
  AND NOT EXISTS (SELECT 1 FROM cohort c WHERE c.admission_location = v.admission_location)
