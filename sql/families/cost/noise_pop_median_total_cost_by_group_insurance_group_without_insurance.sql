-- Query noise: another group of the family's list that no admission under this insurance was ever coded with (by its
-- ICD patterns, or by a code whose title names the group): the group and the insurance both exist, but the cohort the
-- median is taken over is empty
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  ('heart failure', '428%', 'I50%'), ('acute kidney injury', '584%', 'N17%'), ('pneumonia', '486%', 'J18%'),
  ('COPD', '496%', 'J44%'), ('chronic kidney disease', '585%', 'N18%'), ('type 2 diabetes', '250%', 'E11%'),
  ('atrial fibrillation', '42731%', 'I48%'), ('myocardial infarction', '410%', 'I21%'),
  ('ischemic stroke', '434%', 'I63%'), ('liver cirrhosis', '5715%', 'K746%'),
  ('gastrointestinal hemorrhage', '578%', 'K922%'), ('hyperkalemia', '2767%', 'E875%'),
  ('hyponatremia', '2761%', 'E871%'), ('urinary tract infection', '5990%', 'N390%'),
  ('essential hypertension', '401%', 'I10%'), ('septicemia', '038%', 'A41%'),
  ('chronic ischemic heart disease', '414%', 'I25%'),
  ('migraine', '346%', 'G43%'), ('pneumococcal pneumonia', '481%', 'J13%'), ('infectious arthritis', '711%', 'M00%')
)
SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE a.insurance = {{insurance}}
                    AND ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern)))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
                  WHERE a.insurance = {{insurance}} AND LOWER(t.long_title) LIKE '%' || LOWER(g.dx_group) || '%')
