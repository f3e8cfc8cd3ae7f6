-- Query noise: another diagnosis (same ICD version, coded in ≥ 5 admissions) and another admission location that
-- Clean questions often name (≥ 10 % of the cohorts at the binding's floor come from it), never together: both
-- criteria are changed, each exists, the cohort the question presupposes is empty (dropping either criterion alone
-- leaves a cohort that is not the Clean one); only where ≥ 5 such pairs exist (a few recurring ones were a tell)
--   dl      admissions per (diagnosis, location)
--   common  the locations of ≥ 10 % of the cohorts at the binding's floor but not of more than half (as the binding)
WITH dl AS (
  SELECT x.icd_code, x.icd_version, a.admission_location, COUNT(DISTINCT a.hadm_id) AS n
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE a.admission_location IS NOT NULL AND a.admission_location <> 'INFORMATION NOT AVAILABLE'
  GROUP BY x.icd_code, x.icd_version, a.admission_location
), common AS (
  SELECT dl.admission_location FROM dl
  WHERE dl.n >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions))
  GROUP BY dl.admission_location
  HAVING COUNT(*) * 10 >= (SELECT COUNT(*) FROM dl d2
                           WHERE d2.n >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions)))
     AND COUNT(DISTINCT dl.icd_code) * 2 < (
         SELECT COUNT(DISTINCT d3.icd_code) FROM dl d3
         WHERE d3.n >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions)))
), dx AS (
  SELECT dl.icd_code, dl.icd_version FROM dl GROUP BY dl.icd_code, dl.icd_version
  HAVING SUM(dl.n) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
)
SELECT q.icd_code, q.icd_title, q.admission_location
FROM (
  SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title, common.admission_location,
         COUNT(*) OVER () AS n_cand
  FROM dx
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = dx.icd_code AND t.icd_version = dx.icd_version
  CROSS JOIN common
  WHERE dx.icd_version = {{icd_version}} AND TRIM(dx.icd_code) <> {{icd_code}}
    AND common.admission_location <> {{admission_location}}
    AND NOT EXISTS (SELECT 1 FROM dl
                    WHERE dl.icd_code = dx.icd_code AND dl.icd_version = dx.icd_version
                      AND dl.admission_location = common.admission_location)
) q
WHERE q.n_cand >= 5
