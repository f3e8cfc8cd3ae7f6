-- Query noise: another diagnosis group of the list that the patient was coded with, but in no admission whose stay
-- covers the stated date, so "first admitted with the group on that date" cannot hold although the patient, the
-- group and the dated admission all exist (the diagnosis was simply not coded in that admission)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
)
SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
              WHERE d.subject_id = {{subject_id}}
                AND ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
                    AND d.icd_code LIKE g.icd10_pattern)))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE d.subject_id = {{subject_id}}
                    AND ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
                        AND d.icd_code LIKE g.icd10_pattern))
                    AND {{admit_date}} BETWEEN CAST(LEAST(a.admittime, COALESCE(a.edregtime, a.admittime)) AS DATE)
                                           AND CAST(GREATEST(a.dischtime, a.admittime) AS DATE))
