-- Query noise: an insurance of this EHR under which no ICU admission was coded with the group (the presupposed cohort
-- is empty), by the group's ICD patterns or by a code whose title names the group (a reader who searches by title
-- finds no cohort either: 4 ICU admissions with No charge carry an old myocardial infarction)
WITH group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}}))
), cohort AS (
  SELECT a.insurance, a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.insurance IS NOT NULL
    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
)
SELECT v.insurance
FROM (SELECT DISTINCT a0.insurance FROM mimiciv_hosp.admissions a0 WHERE a0.insurance IS NOT NULL) v
WHERE v.insurance <> {{insurance}}
  AND NOT EXISTS (SELECT 1 FROM cohort c WHERE c.insurance = v.insurance)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
                  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE a.insurance = v.insurance AND LOWER(t.long_title) LIKE '%' || LOWER({{dx_group}}) || '%'
                    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id))
