-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, admission type) with ≥ 20 admissions of that type (a cohort mean over a handful does not discriminate)
-- coded with the diagnosis; ≤ 2 types per diagnosis; n_adm = that count, which the question states
WITH g AS (
  SELECT x.icd_code, x.icd_version, a.admission_type, COUNT(DISTINCT a.hadm_id) AS n_adm
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = a.hadm_id)
  GROUP BY x.icd_code, x.icd_version, a.admission_type
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.icd_code, g.icd_version
                                 ORDER BY (LENGTH(g.admission_type) * 7919 + LENGTH(g.icd_code)) % 1151, g.admission_type) AS rn
  FROM g
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.admission_type, p.n_adm
FROM pick p JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
