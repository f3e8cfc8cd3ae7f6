-- (diagnosis group, insurance) strata with ≥ 20 surviving index admissions; n_index = that count. Aortic valve
-- disease (valve surgery, from 65) is a group of Medicare patients: the insurances no index admission of it had are
-- the Query twins' empty strata
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  ('heart failure', '428%', 'I50%'), ('acute kidney injury', '584%', 'N17%'), ('pneumonia', '486%', 'J18%'),
  ('COPD', '496%', 'J44%'), ('chronic kidney disease', '585%', 'N18%'), ('type 2 diabetes', '250%', 'E11%'),
  ('atrial fibrillation', '42731%', 'I48%'), ('myocardial infarction', '410%', 'I21%'),
  ('ischemic stroke', '434%', 'I63%'), ('liver cirrhosis', '5715%', 'K746%'),
  ('gastrointestinal hemorrhage', '578%', 'K922%'), ('hyperkalemia', '2767%', 'E875%'),
  ('hyponatremia', '2761%', 'E871%'), ('urinary tract infection', '5990%', 'N390%'),
  ('essential hypertension', '401%', 'I10%'), ('septicemia', '038%', 'A41%'),
  ('chronic ischemic heart disease', '414%', 'I25%'), ('aortic valve disease', '4241%', 'I35%')
), group_adm AS (
  SELECT DISTINCT g.dx_group, g.icd9_pattern, g.icd10_pattern, d.hadm_id
  FROM dx_groups g JOIN mimiciv_hosp.diagnoses_icd d
    ON (d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern)
), index_adm AS (
  SELECT ga.dx_group, ga.icd9_pattern, ga.icd10_pattern, a.insurance, a.hospital_expire_flag,
         ROW_NUMBER() OVER (PARTITION BY ga.dx_group, a.subject_id ORDER BY a.admittime, a.hadm_id) AS rn
  FROM group_adm ga JOIN mimiciv_hosp.admissions a ON a.hadm_id = ga.hadm_id
)
SELECT i.dx_group, i.icd9_pattern, i.icd10_pattern, i.insurance, COUNT(*) AS n_index
FROM index_adm i
WHERE i.rn = 1 AND i.hospital_expire_flag = 0 AND i.insurance IS NOT NULL
GROUP BY i.dx_group, i.icd9_pattern, i.icd10_pattern, i.insurance
HAVING COUNT(*) >= 20
