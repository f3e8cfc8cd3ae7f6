-- the patient's first admission coded with the group began on the stated date (vacuous without such an admission)
SELECT COALESCE(CAST(MIN(a.admittime) AS DATE) = {{admit_date}}, TRUE) AS holds
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
              WHERE d.hadm_id = a.hadm_id
                AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})))
