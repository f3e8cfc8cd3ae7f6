-- the patient's first admission coded with the group had an ICU stay: the question asks about "that admission's first
-- ICU stay", so it presupposes one (vacuous without such an admission: that is patient_has_group's failure)
WITH first_adm AS (
  SELECT a.hadm_id, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})))
)
SELECT NOT EXISTS (SELECT 1 FROM first_adm f WHERE f.rk = 1)
    OR EXISTS (SELECT 1 FROM first_adm f JOIN mimiciv_icu.icustays s ON s.hadm_id = f.hadm_id WHERE f.rk = 1) AS holds
