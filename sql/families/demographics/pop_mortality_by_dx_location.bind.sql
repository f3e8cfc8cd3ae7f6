-- (cohort floor: 10 admissions, or 0.25 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, admission_location) with ≥ 10 admissions having both and ≥ 1 in-hospital death among them (a rate over
-- a handful of admissions, or one that is 0 for most cohorts, does not discriminate); ≤ 2 locations per diagnosis,
-- the rarer first (then by a hash), from the common locations only: those of ≥ 10 % of the (diagnosis, location)
-- cohorts at the floor. The Noise names the same locations (noise_*location*.sql): with the floor at 20 and every
-- location allowed, Clean questions named EMERGENCY ROOM 112 times in 160, and the locations a cohort lacks (the
-- twins') were the rare ones, which gave the Noise away (family AUROC 0.81-0.96). The diagnosis also came from
-- another location, so the location selects (else a twin naming a location the cohort lacks is answered by
-- dropping it)
--   dl      admissions and deaths per (diagnosis, location)
--   common  the locations of ≥ 10 % of the cohorts at the floor, with how many such cohorts, but not one of more than
--           half of them (EMERGENCY ROOM: nearly every diagnosis has admissions from it, so no twin can name a
--           diagnosis that lacks it, and Clean questions naming it were a Clean-only entity)
WITH dl AS (
  SELECT x.icd_code, x.icd_version, a.admission_location, COUNT(DISTINCT a.hadm_id) AS n,
         COUNT(DISTINCT CASE WHEN a.hospital_expire_flag = 1 THEN a.hadm_id END) AS n_died
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE a.admission_location IS NOT NULL AND a.admission_location <> 'INFORMATION NOT AVAILABLE'
  GROUP BY x.icd_code, x.icd_version, a.admission_location
), common AS (
  SELECT dl.admission_location, COUNT(*) AS n_cells FROM dl
  WHERE dl.n >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions))
  GROUP BY dl.admission_location
  HAVING COUNT(*) * 10 >= (SELECT COUNT(*) FROM dl d0
                           WHERE d0.n >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions)))
     AND COUNT(DISTINCT dl.icd_code) * 2 < (
         SELECT COUNT(DISTINCT d1.icd_code) FROM dl d1
         WHERE d1.n >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions)))
), g AS (
  SELECT dl.icd_code, dl.icd_version, dl.admission_location, common.n_cells
  FROM dl JOIN common ON common.admission_location = dl.admission_location
  WHERE dl.n >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions)) AND dl.n_died >= 1
    AND EXISTS (SELECT 1 FROM dl d2 WHERE d2.icd_code = dl.icd_code AND d2.icd_version = dl.icd_version
                                      AND d2.admission_location <> dl.admission_location)
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.icd_code, g.icd_version
                                 ORDER BY g.n_cells, (LENGTH(g.admission_location) * 7919 + LENGTH(g.icd_code)) % 1229,
                                     g.admission_location) AS rn
  FROM g
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.admission_location
FROM pick p JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
