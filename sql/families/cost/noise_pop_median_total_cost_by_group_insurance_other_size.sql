-- Value noise: the size of a sibling cohort stated for this one — the same group under another insurance, or another
-- group under the same insurance (real counts of the family's cohorts, so the number says nothing by itself)
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
), cohort AS (
  SELECT DISTINCT g.dx_group, a.insurance, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.insurance IS NOT NULL AND (g.dx_group = {{dx_group}} OR a.insurance = {{insurance}})
)
SELECT COUNT(*) AS n_adm
FROM cohort c
WHERE NOT (c.dx_group = {{dx_group}} AND c.insurance = {{insurance}})
GROUP BY c.dx_group, c.insurance
HAVING COUNT(*) <> {{n_adm}}
