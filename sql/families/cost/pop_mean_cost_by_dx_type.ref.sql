-- mean over those admissions of each admission's total cost (to the cent, so both backends round the mean alike)
SELECT ROUND(CAST(AVG(t.total) AS NUMERIC), 2) AS mean_cost
FROM (
  SELECT coh.hadm_id, ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total
  FROM (
    SELECT DISTINCT x.hadm_id
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.d_icd_diagnoses d ON d.icd_code = x.icd_code AND d.icd_version = x.icd_version
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
    WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND d.long_title = {{icd_title}}
      AND a.admission_type = {{admission_type}}
  ) coh
  JOIN mimiciv_derived.cost c ON c.hadm_id = coh.hadm_id
  GROUP BY coh.hadm_id
) t
