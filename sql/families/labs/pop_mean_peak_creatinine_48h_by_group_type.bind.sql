-- (diagnosis group, admission_type) strata with ≥ 20 admissions coded with the group; n_adm = that count.
-- Besides the 17 common groups (every one has admissions of all 9 admission types on the default EHR, so no Query twin
-- could name an empty stratum), six smaller groups with a stratum of ≥ 20 admissions (varicose veins, schizophrenia,
-- knee osteoarthritis, chronic gout, immunodeficiency, allergic rhinitis: 50-120 admissions, none of them
-- ambulatory-observation, or direct-emergency for allergic rhinitis) whose empty strata the Query twins name
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  ('heart failure', '428%', 'I50%'), ('acute kidney injury', '584%', 'N17%'), ('pneumonia', '486%', 'J18%'),
  ('COPD', '496%', 'J44%'), ('chronic kidney disease', '585%', 'N18%'), ('type 2 diabetes', '250%', 'E11%'),
  ('atrial fibrillation', '42731%', 'I48%'), ('myocardial infarction', '410%', 'I21%'),
  ('ischemic stroke', '434%', 'I63%'), ('liver cirrhosis', '5715%', 'K746%'),
  ('gastrointestinal hemorrhage', '578%', 'K922%'), ('hyperkalemia', '2767%', 'E875%'),
  ('hyponatremia', '2761%', 'E871%'), ('urinary tract infection', '5990%', 'N390%'),
  ('essential hypertension', '401%', 'I10%'), ('septicemia', '038%', 'A41%'),
  ('chronic ischemic heart disease', '414%', 'I25%'), ('varicose veins of the legs', '454%', 'I83%'),
  ('schizophrenia', '295%', 'F20%'), ('osteoarthritis of the knee', '715_6%', 'M17%'),
  ('chronic gout', '27402%', 'M1A%'), ('immunodeficiency disorders', '279%', 'D84%'),
  ('allergic rhinitis', '477%', 'J30%')
), cohort AS (
  SELECT DISTINCT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.admission_type, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.admission_type IS NOT NULL
)
SELECT c.dx_group, c.icd9_pattern, c.icd10_pattern, c.admission_type, COUNT(*) AS n_adm
FROM cohort c
GROUP BY c.dx_group, c.icd9_pattern, c.icd10_pattern, c.admission_type
HAVING COUNT(*) >= 20
