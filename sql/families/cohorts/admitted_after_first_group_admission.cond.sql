-- the patient had another admission after their first admission coded with the group (vacuous without one)
WITH first_adm AS (
  SELECT MIN(a.admittime) AS t0
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})))
)
SELECT f.t0 IS NULL
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.admissions n WHERE n.subject_id = {{subject_id}} AND n.admittime > f.t0) AS holds
FROM first_adm f
