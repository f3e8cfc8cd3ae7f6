-- the patient had another admission after their first admission coded with the group (vacuous without one)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), first_adm AS (
  SELECT MIN(a.admittime) AS t0
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
)
SELECT f.t0 IS NULL
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.admissions n WHERE n.subject_id = {{subject_id}} AND n.admittime > f.t0) AS holds
FROM first_adm f
