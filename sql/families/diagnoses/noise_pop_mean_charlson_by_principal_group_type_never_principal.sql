-- Query noise: another diagnosis group of the list that is coded in admissions of the stated type, but never as their
-- principal (first-coded) diagnosis: the group and the admission type both exist together, the cohort of admissions
-- with the group as principal diagnosis does not. The family keeps it to groups Clean questions name (match_clean):
-- the groups that are only ever secondary diagnoses (essential hypertension, chronic kidney disease, chronic ischemic
-- heart disease) were 20 of 41 twins and in no Clean question (a wording tell). Nor is any principal diagnosis of that
--   type
-- a code whose title names the group ("Hypertensive chronic kidney disease ..."), which a clinician could read as it
--   dx_groups  the family's groups
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
)
SELECT g.dx_group
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
              WHERE a.admission_type = {{admission_type}}
                AND g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE a.admission_type = {{admission_type}} AND d.seq_num = 1
                    AND g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
                  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE a.admission_type = {{admission_type}} AND d.seq_num = 1
                    AND LOWER(t.long_title) LIKE '%' || LOWER(g.dx_group) || '%')
