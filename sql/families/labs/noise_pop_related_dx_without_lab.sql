-- Related variant of labs/noise_dx_without_lab.sql (pop_mean_by_diagnosis, pop_mean_lab_charges_by_dx): the other
-- diagnosis is also of the Clean one's ICD chapter
-- (first character): the near miss. Otherwise as there:
-- Query noise: another diagnosis as common as the Clean cohorts' (coded in >= 5 admissions) that never occurs together
-- with the lab of the question, so the cohort the question presupposes is empty
SELECT DISTINCT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM (SELECT x0.icd_code, x0.icd_version FROM mimiciv_hosp.diagnoses_icd x0 GROUP BY x0.icd_code, x0.icd_version
      HAVING COUNT(DISTINCT x0.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))) c
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = c.icd_code AND t.icd_version = c.icd_version
WHERE c.icd_version = {{icd_version}} AND c.icd_code <> {{icd_code}}
  AND SUBSTRING(TRIM(t.icd_code), 1, 1) = SUBSTRING({{icd_code}}, 1, 1)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.labevents l ON l.hadm_id = x.hadm_id
                  WHERE x.icd_code = c.icd_code AND x.icd_version = c.icd_version AND l.itemid = {{itemid}})
