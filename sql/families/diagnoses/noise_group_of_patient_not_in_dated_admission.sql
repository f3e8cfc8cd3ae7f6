-- Query noise: another diagnosis group of the list that the patient was coded with, but in no admission whose stay
-- covers the stated date, so "first admitted with the group on that date" cannot hold although the patient, the
-- group and the dated admission all exist (the diagnosis was simply not coded in that admission)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  ('heart failure', '428%', 'I50%'), ('acute kidney injury', '584%', 'N17%'), ('pneumonia', '486%', 'J18%'),
  ('COPD', '496%', 'J44%'), ('chronic kidney disease', '585%', 'N18%'), ('type 2 diabetes', '250%', 'E11%'),
  ('atrial fibrillation', '42731%', 'I48%'), ('myocardial infarction', '410%', 'I21%'),
  ('ischemic stroke', '434%', 'I63%'), ('liver cirrhosis', '5715%', 'K746%'),
  ('gastrointestinal hemorrhage', '578%', 'K922%'), ('hyperkalemia', '2767%', 'E875%'),
  ('hyponatremia', '2761%', 'E871%'), ('urinary tract infection', '5990%', 'N390%'),
  ('essential hypertension', '401%', 'I10%'), ('septicemia', '038%', 'A41%'),
  ('chronic ischemic heart disease', '414%', 'I25%')
)
SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
              WHERE d.subject_id = {{subject_id}}
                AND ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern)))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE d.subject_id = {{subject_id}}
                    AND ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
                    AND {{admit_date}} BETWEEN CAST(LEAST(a.admittime, COALESCE(a.edregtime, a.admittime)) AS DATE)
                                           AND CAST(GREATEST(a.dischtime, a.admittime) AS DATE))
