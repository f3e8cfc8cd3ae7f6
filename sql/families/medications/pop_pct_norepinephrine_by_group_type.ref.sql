-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_type;
-- the question states the cohort size, checked by HAVING.
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated admission_type
--              (only admissions with an ICU stay)
--   pressor    cohort admissions with a norepinephrine row in inputevents in one of their ICU stays
WITH group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}}))
), cohort AS (
  SELECT a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.admission_type = {{admission_type}}
    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
), pressor AS (
  SELECT DISTINCT s.hadm_id
  FROM mimiciv_icu.icustays s
  JOIN cohort c ON c.hadm_id = s.hadm_id
  JOIN mimiciv_icu.inputevents i ON i.stay_id = s.stay_id
  JOIN mimiciv_icu.d_items di ON di.itemid = i.itemid
  WHERE di.label = 'Norepinephrine'
)
SELECT ROUND(CAST(100.0 * COUNT(DISTINCT pr.hadm_id) / COUNT(DISTINCT c.hadm_id) AS NUMERIC), 1) AS pct_norepinephrine
FROM cohort c
LEFT JOIN pressor pr ON pr.hadm_id = c.hadm_id
HAVING COUNT(DISTINCT c.hadm_id) = {{n_adm}}
