-- mean over those admissions of each admission's total cost
SELECT ROUND(CAST(AVG(t.total) AS NUMERIC), 2) AS mean_cost
FROM (
  SELECT c.hadm_id, SUM(c.cost) AS total
  FROM mimiciv_derived.cost c
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = c.hadm_id
  WHERE a.admission_type = {{admission_type}}
    AND c.hadm_id IN (
      SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x
      JOIN mimiciv_hosp.d_icd_diagnoses d ON d.icd_code = x.icd_code AND d.icd_version = x.icd_version
      WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND d.long_title = {{icd_title}})
  GROUP BY c.hadm_id
) t
