-- Query noise: an insurance of this EHR under which no admission coded with the group (the presupposed cohort is empty)
-- include: fragments/group_admissions.sql
), cohort AS (
  SELECT a.insurance, a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.insurance IS NOT NULL
)
SELECT v.insurance
FROM (SELECT DISTINCT a0.insurance FROM mimiciv_hosp.admissions a0 WHERE a0.insurance IS NOT NULL) v
WHERE v.insurance <> {{insurance}}
  AND NOT EXISTS (SELECT 1 FROM cohort c WHERE c.insurance = v.insurance)
