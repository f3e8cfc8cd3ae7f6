-- the lab has ≥ 2 numeric results in the first admission with the group (vacuous without such an admission)
WITH first_adm AS (
  SELECT a.hadm_id, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})))
)
SELECT NOT EXISTS (SELECT 1 FROM first_adm)
    OR (SELECT COUNT(*) FROM first_adm f JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
        WHERE f.rk = 1 AND l.itemid = {{lab_itemid}} AND l.valuenum IS NOT NULL) >= 2 AS holds
