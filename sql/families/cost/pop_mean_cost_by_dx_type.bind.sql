-- (cohort floor: 5 admissions, or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, admission type) with ≥ 5 admissions of that type (a cohort mean over a handful does not discriminate)
-- coded with the diagnosis; one type per diagnosis (all 171 diagnoses then fit the family's sample): a type of < 5 %
-- of all admissions where the diagnosis has one (so Clean questions also name the direct-emergency and
-- direct-observation admissions that some diagnoses, same-day surgical ones such as cholelithiasis or knee
-- osteoarthritis, never have: the query twins' types and diagnoses then occur in Clean questions too), else one
-- picked by a hash of type and code
WITH type_freq AS (
  SELECT a.admission_type, COUNT(*) AS n_type FROM mimiciv_hosp.admissions a GROUP BY a.admission_type
), g AS (
  SELECT x.icd_code, x.icd_version, a.admission_type, COUNT(DISTINCT a.hadm_id) AS n_adm
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
  WHERE EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = a.hadm_id)
  GROUP BY x.icd_code, x.icd_version, a.admission_type
  HAVING COUNT(DISTINCT a.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.icd_code, g.icd_version
                                 ORDER BY CASE WHEN tf.n_type * 20 < (SELECT COUNT(*) FROM mimiciv_hosp.admissions)
                                     THEN 0 ELSE 1 END,
                                          (LENGTH(g.admission_type) * 7919 + ASCII(SUBSTRING(g.admission_type, 2,
                                              1)) * 131
                                           + ASCII(SUBSTRING(g.icd_code || '0000', 2, 1)) * 1009
                                           + ASCII(SUBSTRING(g.icd_code || '0000', 3, 1)) * 9973
                                           + ASCII(SUBSTRING(g.icd_code || '0000', 4, 1)) * 31) % 1151,
                                          g.admission_type) AS rn
  FROM g JOIN type_freq tf ON tf.admission_type = g.admission_type
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.admission_type
FROM pick p JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn = 1
