-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (procedure, admission type) with ≥ 20 discharged admissions (a median over a handful does not discriminate) of that type in which it was performed; ≤ 2 types each
WITH g AS (
  SELECT p.icd_code, p.icd_version, a.admission_type
  FROM mimiciv_hosp.procedures_icd p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
  WHERE a.dischtime IS NOT NULL
  GROUP BY p.icd_code, p.icd_version, a.admission_type
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.icd_code, g.icd_version
                                 ORDER BY (LENGTH(g.admission_type) * 7919 + LENGTH(g.icd_code)) % 1201, g.admission_type) AS rn
  FROM g
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.admission_type
FROM pick p JOIN mimiciv_hosp.d_icd_procedures t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
