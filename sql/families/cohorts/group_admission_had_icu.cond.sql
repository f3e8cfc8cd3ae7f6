-- some admission of the patient coded with the group had an ICU stay (vacuous when the patient never had the group)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                   WHERE d.subject_id = {{subject_id}}
                     AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_icu.icustays s ON s.hadm_id = d.hadm_id
               WHERE d.subject_id = {{subject_id}}
                 AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)) AS holds
