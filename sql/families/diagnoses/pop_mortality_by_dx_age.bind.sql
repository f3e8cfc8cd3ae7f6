-- (cohort floor: 10 admissions, or 0.25 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, 10-year age band) with ≥ 10 admissions of patients that age coded with the diagnosis and ≥ 1
-- in-hospital death among them (a rate over a handful of admissions, or one that is 0 for most cohorts, does not
-- discriminate); ≤ 2 bands each. The floor was 20: Clean questions then named only the commonest diagnoses, which
-- every band has, and the twins' diagnoses lacking a band were a few rarer ones recurring (AUROC 0.94)
WITH g AS (
  SELECT x.icd_code, x.icd_version,
         CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 10.0) * 10 AS INTEGER) AS age_lo
  FROM mimiciv_hosp.diagnoses_icd x
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
  GROUP BY x.icd_code, x.icd_version,
           CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 10.0) * 10 AS INTEGER)
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions))
     AND COUNT(DISTINCT CASE WHEN a.hospital_expire_flag = 1 THEN a.hadm_id END) >= 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.icd_code, g.icd_version
                                 ORDER BY (g.age_lo * 7919 + LENGTH(g.icd_code)) % 1193, g.age_lo) AS rn
  FROM g WHERE g.age_lo BETWEEN 20 AND 80
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.age_lo, p.age_lo + 9 AS age_hi
FROM pick p JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= 2
