-- Query noise: a admission_type of this EHR under which no admission whose principal (first-coded) diagnosis is the group (the presupposed cohort is empty)
-- include: fragments/group_admissions.sql
    AND d.seq_num = 1
), cohort AS (
  SELECT a.admission_type, a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.admission_type IS NOT NULL
)
SELECT v.admission_type
FROM (SELECT DISTINCT a0.admission_type FROM mimiciv_hosp.admissions a0 WHERE a0.admission_type IS NOT NULL) v
WHERE v.admission_type <> {{admission_type}}
  AND NOT EXISTS (SELECT 1 FROM cohort c WHERE c.admission_type = v.admission_type)
