-- Record noise: a drug prescribed in ≥ 5 % of all admissions, but never in an admission coded with the diagnosis.
-- Clean questions name drugs most cohorts were given; the rarer drugs were absent from most cohorts and named almost
-- only by twins (a tell)
SELECT p.drug
FROM (SELECT q0.drug FROM mimiciv_hosp.prescriptions q0 GROUP BY q0.drug
      HAVING COUNT(DISTINCT q0.hadm_id) * 20 >= (SELECT COUNT(*) FROM mimiciv_hosp.admissions)) p
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.prescriptions q ON q.hadm_id = x.hadm_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND q.drug = p.drug)
