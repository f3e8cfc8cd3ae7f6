-- intent: diagnoses; level: population
SELECT d.icd_code, d.icd_version, t.long_title, COUNT(DISTINCT d.hadm_id) AS admissions
FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
GROUP BY d.icd_code, d.icd_version, t.long_title;
