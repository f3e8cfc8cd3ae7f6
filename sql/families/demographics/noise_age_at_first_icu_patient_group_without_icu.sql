-- Query noise: another patient who was coded with the group, but none of whose admissions coded with it had an ICU
-- stay: the patient and the diagnosis exist, the ICU admission during it does not. Nor did any ICU admission carry a
-- code whose title names the group ("Hypertensive heart disease with heart failure"), which a clinician could read as
-- the group. A seeded slice of the patients (subject_id sum mod 7) keeps the candidate set small
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
-- include: fragments/group_patients_icu.sql
SELECT g.subject_id
FROM group_patients g
WHERE g.dx_group = {{dx_group}} AND g.subject_id <> {{subject_id}} AND g.in_icu = 0
  AND (g.subject_id + {{subject_id}}) % 7 = 0
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d3
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d3.icd_code AND t.icd_version = d3.icd_version
                  JOIN mimiciv_icu.icustays s3 ON s3.hadm_id = d3.hadm_id
                  WHERE d3.subject_id = g.subject_id AND LOWER(t.long_title) LIKE '%' || LOWER({{dx_group}}) || '%')
