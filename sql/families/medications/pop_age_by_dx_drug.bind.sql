-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, drug) with ≥ 20 admissions coded with the diagnosis and prescribed the drug (a cohort mean over a handful does not discriminate); ≤ 3 drugs per diagnosis
WITH dd AS (
  SELECT x.icd_code, x.icd_version, p.drug
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.prescriptions p ON p.hadm_id = x.hadm_id
  GROUP BY x.icd_code, x.icd_version, p.drug
  HAVING COUNT(DISTINCT x.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT dd.*, ROW_NUMBER() OVER (PARTITION BY dd.icd_code, dd.icd_version
                                  ORDER BY (LENGTH(dd.drug) * 7919 + LENGTH(dd.icd_code)) % 1103, dd.drug) AS rn
  FROM dd
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.drug
FROM pick p JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 3
