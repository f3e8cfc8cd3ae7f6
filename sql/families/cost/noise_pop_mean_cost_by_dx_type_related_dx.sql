-- Related variant of cost/noise_dx_never_of_type.sql (pop_mean_cost_by_dx_type): the other diagnosis is also of the
-- Clean one's ICD chapter
-- (first character) and of its ICD version: the near miss. Otherwise as there:
-- Record noise: another diagnosis the family's Clean questions can name (≥ 5 admissions of some type), stated with its
-- own title, that no admission of this type was ever coded with: the diagnosis and the admission type both exist,
-- but the cohort the question averages over is empty (same-day surgical diagnoses such as cholelithiasis or knee
-- osteoarthritis are never urgent or direct-emergency admissions). Under a common type few nameable diagnoses are
-- never coded (urgent: 2 cholelithiasis codes), so the binding spreads the Clean types by hash: when most Clean
-- questions named urgent admissions, those 2 codes recurred across the Noise and the question-only classifier
-- scored the family 0.945
--   nameable   diagnoses with ≥ 5 admissions (with charges) of one type, as the binding requires
WITH nameable AS (
  SELECT x.icd_code, x.icd_version
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = a.hadm_id)
  GROUP BY x.icd_code, x.icd_version, a.admission_type
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
)
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM (SELECT DISTINCT n.icd_code, n.icd_version FROM nameable n) n
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = n.icd_code AND t.icd_version = n.icd_version
WHERE t.icd_version = {{icd_version}} AND TRIM(t.icd_code) <> {{icd_code}}
  AND SUBSTRING(TRIM(t.icd_code), 1, 1) = SUBSTRING({{icd_code}}, 1, 1)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
                  WHERE x.icd_code = n.icd_code AND x.icd_version = n.icd_version
                    AND a.admission_type = {{admission_type}})
