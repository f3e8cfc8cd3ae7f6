-- Each diagnosis group's patients, and whether any of their ICU admissions was coded with the group: CTE
-- group_patients(dx_group, subject_id, in_icu 1/0). Needs CTE dx_group_codes, closed; adds group_patients, closed.
-- The same for every binding, so a noise candidate query computes it once, not as a correlated anti-join per binding
-- that re-read the group's codes each time on PostgreSQL. Included by
-- vitals/noise_patient_with_group_without_icu.sql and
-- demographics/noise_age_at_first_icu_patient_group_without_icu.sql.
, group_patients AS (
  SELECT gc.dx_group, d.subject_id, MAX(CASE WHEN s.hadm_id IS NULL THEN 0 ELSE 1 END) AS in_icu
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN dx_group_codes gc ON gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code
  LEFT JOIN (SELECT DISTINCT s0.hadm_id FROM mimiciv_icu.icustays s0) s ON s.hadm_id = d.hadm_id
  GROUP BY gc.dx_group, d.subject_id
)
