-- Query noise: another patient coded with the same diagnosis group, but only in admissions without an ICU stay: the
-- patient and the group exist and go together, yet there is no ICU stay whose first day could be scored
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
SELECT DISTINCT d.subject_id
FROM mimiciv_hosp.diagnoses_icd d
WHERE d.subject_id <> {{subject_id}}
  AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d2 JOIN mimiciv_icu.icustays s ON s.hadm_id = d2.hadm_id
                  WHERE d2.subject_id = d.subject_id
                    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d2.icd_version AND gc.icd_code = d2.icd_code))
