-- The patient's admissions coded with a diagnosis group ranked by admission time (slots subject_id, icd9_pattern,
-- icd10_pattern): CTE first_adm (hadm_id, rk; rk = 1 is the first such admission), opening the query's WITH.
WITH first_adm AS (
  SELECT a.hadm_id, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})))
