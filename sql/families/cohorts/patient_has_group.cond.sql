-- the patient was coded with a diagnosis of the group in some admission: a code of the group's ICD-9 or ICD-10
-- pattern, or any code whose official title names the group ("Hypertensive heart disease with heart failure",
-- "Subsequent ST elevation myocardial infarction"). The title half never changes a Clean task (its code is in the
-- group); it keeps a Noise twin from naming a group the patient has under a broader reading of the group (an audit
-- of 2,000 pairs found 4 such twins with the codes alone).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
SELECT EXISTS (
  SELECT 1
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
) OR EXISTS (
  SELECT 1
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
  WHERE d.subject_id = {{subject_id}}
    AND LOWER(t.long_title) LIKE '%' || LOWER({{dx_group}}) || '%'
) AS holds
