-- (patient, diagnosis group) with the date of the patient's first admission coded with the group (no tie at
-- that first admittime), at most 30 per group: the Charlson index runs with the group (hypertension was 21% of the
-- bindings), so stratifying spreads the answers (the commonest was 15.3% of them) and the groups asked about
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  ('heart failure', '428%', 'I50%'), ('acute kidney injury', '584%', 'N17%'), ('pneumonia', '486%', 'J18%'),
  ('COPD', '496%', 'J44%'), ('chronic kidney disease', '585%', 'N18%'), ('type 2 diabetes', '250%', 'E11%'),
  ('atrial fibrillation', '42731%', 'I48%'), ('myocardial infarction', '410%', 'I21%'),
  ('ischemic stroke', '434%', 'I63%'), ('liver cirrhosis', '5715%', 'K746%'),
  ('gastrointestinal hemorrhage', '578%', 'K922%'), ('hyperkalemia', '2767%', 'E875%'),
  ('hyponatremia', '2761%', 'E871%'), ('urinary tract infection', '5990%', 'N390%'),
  ('essential hypertension', '401%', 'I10%'), ('septicemia', '038%', 'A41%'),
  ('chronic ischemic heart disease', '414%', 'I25%')
), per AS (
  SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.subject_id, a.hadm_id, a.admittime,
         RANK() OVER (PARTITION BY g.dx_group, a.subject_id ORDER BY a.admittime) AS rk
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON (d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern)
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  GROUP BY g.dx_group, g.icd9_pattern, g.icd10_pattern, a.subject_id, a.hadm_id, a.admittime
), first_adm AS (
  SELECT p.subject_id, p.dx_group, p.icd9_pattern, p.icd10_pattern, p.admittime,
         ROW_NUMBER() OVER (PARTITION BY p.dx_group ORDER BY (p.subject_id * 31 + LENGTH(p.dx_group)) % 10007, p.subject_id) AS rn
  FROM per p
  WHERE p.rk = 1
    AND NOT EXISTS (SELECT 1 FROM per q WHERE q.dx_group = p.dx_group AND q.subject_id = p.subject_id
                                           AND q.rk = 1 AND q.hadm_id <> p.hadm_id)
)
SELECT f.subject_id, f.dx_group, f.icd9_pattern, f.icd10_pattern, CAST(f.admittime AS DATE) AS admit_date
FROM first_adm f
WHERE f.rn <= 30
