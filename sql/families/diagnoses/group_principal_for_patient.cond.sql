-- a diagnosis of the group was the principal (seq_num 1) diagnosis of an admission of the patient (vacuous when
-- the patient was never coded with the group: that is patient_has_group's to break)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                   WHERE d.subject_id = {{subject_id}}
                     AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
               WHERE d.subject_id = {{subject_id}} AND d.seq_num = 1
                 AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)) AS holds
