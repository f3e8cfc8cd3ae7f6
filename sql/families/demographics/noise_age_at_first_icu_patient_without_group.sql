-- Record noise: another patient who was admitted to an ICU but was never coded with the group (neither a code of
-- its ICD-9/ICD-10 patterns nor a code whose title names it), so the group hospitalization the question presupposes
-- does not exist for that patient; a seeded slice of the patients (subject_id sum mod 7) keeps the candidate set small
--   icu_patients  patients with at least one ICU stay, like every Clean patient of the family
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
SELECT p.subject_id
FROM (SELECT DISTINCT s.subject_id FROM mimiciv_icu.icustays s) p
WHERE p.subject_id <> {{subject_id}}
  AND (p.subject_id + {{subject_id}}) % 7 = 0
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                  WHERE d.subject_id = p.subject_id
                    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
                  WHERE d.subject_id = p.subject_id
                    AND LOWER(t.long_title) LIKE '%' || LOWER({{dx_group}}) || '%')
