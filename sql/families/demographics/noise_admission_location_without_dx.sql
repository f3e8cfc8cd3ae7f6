-- Value noise: the stated admission location is one that Clean questions often name (≥ 10 % of the (diagnosis,
-- location) cohorts of ≥ 10 admissions, the binding's floor, come from it), but no admission coded with this
-- diagnosis came from it: the cohort is empty. The rarer locations, which only Noise could name, are left out (a tell)
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
)
SELECT common.admission_location
FROM common
WHERE NOT EXISTS (SELECT 1 FROM dl
                  WHERE dl.icd_code = {{icd_code}} AND dl.icd_version = {{icd_version}}
                    AND dl.admission_location = common.admission_location)
