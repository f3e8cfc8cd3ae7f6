-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, admission type) with ≥ 20 admissions of that type (a cohort mean over a handful does not discriminate)
-- coded with the diagnosis; one type per diagnosis (all 171 diagnoses then fit the family's sample), the type rarest
-- in the EHR (so Clean questions also name the direct-emergency, direct-observation and urgent admissions that some
-- diagnoses — same-day surgical ones such as cholelithiasis or knee osteoarthritis — never have: the query twin's type
-- then occurs in Clean questions too); n_adm = that count, which the question states
WITH type_freq AS (
  SELECT a.admission_type, COUNT(*) AS n_type FROM mimiciv_hosp.admissions a GROUP BY a.admission_type
), g AS (
  SELECT x.icd_code, x.icd_version, a.admission_type, COUNT(DISTINCT a.hadm_id) AS n_adm
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = a.hadm_id)
  GROUP BY x.icd_code, x.icd_version, a.admission_type
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.icd_code, g.icd_version
                                 ORDER BY tf.n_type, g.admission_type) AS rn
  FROM g JOIN type_freq tf ON tf.admission_type = g.admission_type
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.admission_type, p.n_adm
FROM pick p JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn = 1
