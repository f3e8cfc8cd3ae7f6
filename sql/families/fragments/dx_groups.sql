-- Fragment: the 17 diagnosis groups of the cohort families, as the rows of a VALUES list
-- `dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES … )`: a clinical name and its ICD-9 and ICD-10
-- LIKE patterns (every pattern ends with a wildcard: CHAR-padded codes on PostgreSQL). Written once here, so a
-- corrected pattern reaches every family that stratifies by diagnosis group. A family with more groups lists them
-- on the line after the include, starting with a comma.
  ('heart failure', '428%', 'I50%'), ('acute kidney injury', '584%', 'N17%'), ('pneumonia', '486%', 'J18%'),
  ('COPD', '496%', 'J44%'), ('chronic kidney disease', '585%', 'N18%'), ('type 2 diabetes', '250%', 'E11%'),
  ('atrial fibrillation', '42731%', 'I48%'), ('myocardial infarction', '410%', 'I21%'),
  ('ischemic stroke', '434%', 'I63%'), ('liver cirrhosis', '5715%', 'K746%'),
  ('gastrointestinal hemorrhage', '578%', 'K922%'), ('hyperkalemia', '2767%', 'E875%'),
  ('hyponatremia', '2761%', 'E871%'), ('urinary tract infection', '5990%', 'N390%'),
  ('essential hypertension', '401%', 'I10%'), ('septicemia', '038%', 'A41%'),
  ('chronic ischemic heart disease', '414%', 'I25%')
