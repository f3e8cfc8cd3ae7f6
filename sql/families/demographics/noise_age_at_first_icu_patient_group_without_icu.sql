-- Query noise: another patient who was coded with the group, but none of whose admissions coded with it had an ICU
-- stay: the patient and the diagnosis exist, the ICU admission during it does not. Nor did any ICU admission carry a
-- code whose title names the group ("Hypertensive heart disease with heart failure"), which a clinician could read as
-- the group. A seeded slice of the patients (subject_id sum mod 7) keeps the candidate set small
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_patients AS (
  -- each group's patients, and whether any of their ICU admissions was coded with it: the same for every binding, so
  -- computed once per query (as a correlated anti-join per binding, PostgreSQL re-read the group's codes each time)
  SELECT gc.dx_group, d.subject_id, MAX(CASE WHEN s.hadm_id IS NULL THEN 0 ELSE 1 END) AS in_icu
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN dx_group_codes gc ON gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code
  LEFT JOIN (SELECT DISTINCT s0.hadm_id FROM mimiciv_icu.icustays s0) s ON s.hadm_id = d.hadm_id
  GROUP BY gc.dx_group, d.subject_id
)
SELECT g.subject_id
FROM group_patients g
WHERE g.dx_group = {{dx_group}} AND g.subject_id <> {{subject_id}} AND g.in_icu = 0
  AND (g.subject_id + {{subject_id}}) % 7 = 0
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d3
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d3.icd_code AND t.icd_version = d3.icd_version
                  JOIN mimiciv_icu.icustays s3 ON s3.hadm_id = d3.hadm_id
                  WHERE d3.subject_id = g.subject_id AND LOWER(t.long_title) LIKE '%' || LOWER({{dx_group}}) || '%')
