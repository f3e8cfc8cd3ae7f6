-- Query noise: another diagnosis group of the list that the patient was coded with, but in no admission whose stay
-- covers the stated date, so "first admitted with the group on that date" cannot hold although the patient, the
-- group and the dated admission all exist (the diagnosis was simply not coded in that admission)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
)
SELECT g.dx_group
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
              WHERE d.subject_id = {{subject_id}}
                AND g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE d.subject_id = {{subject_id}}
                    AND g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
                    AND {{admit_date}} BETWEEN CAST(LEAST(a.admittime, COALESCE(a.edregtime, a.admittime)) AS DATE)
                                           AND CAST(GREATEST(a.dischtime, a.admittime) AS DATE))
