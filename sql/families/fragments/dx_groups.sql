-- Fragment: the 17 diagnosis groups of the cohort families, as the rows of a VALUES list `dx_groups(dx_group) AS
-- (VALUES … )`, after CTE dx_group_codes (fragments/dx_group_codes.sql, which holds each group's ICD-9 and ICD-10
-- codes). Written once here, so the list reaches every family that stratifies by diagnosis group. A family with more
-- groups lists them on the line after the include, starting with a comma (their codes are in
-- fragments/dx_group_code_rows.sql too).
  ('heart failure'), ('acute kidney injury'), ('pneumonia'), ('COPD'), ('chronic kidney disease'),
  ('type 2 diabetes'), ('atrial fibrillation'), ('myocardial infarction'), ('ischemic stroke'), ('liver cirrhosis'),
  ('gastrointestinal hemorrhage'), ('hyperkalemia'), ('hyponatremia'), ('urinary tract infection'),
  ('essential hypertension'), ('septicemia'), ('chronic ischemic heart disease')
