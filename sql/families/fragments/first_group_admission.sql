-- The patient's first admission coded with a diagnosis group, admitted on the stated date (slots subject_id,
-- icd9_pattern, icd10_pattern, admit_date): CTEs group_adm (the patient's admissions coded with the group) and
-- index_adm (the earliest of them, if admitted on that date), opening the query's WITH; a CTE after them starts
-- with `), name AS (`.
WITH group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}}))
), index_adm AS (
  SELECT g.hadm_id
  FROM group_adm g
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
    AND CAST(g.admittime AS DATE) = {{admit_date}}
