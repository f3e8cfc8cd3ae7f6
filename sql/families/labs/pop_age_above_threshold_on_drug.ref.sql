-- mean age at admission over the admissions with the drug in which the lab exceeded the threshold; no answer unless
-- the cohort has the stated number of admissions
--   coh  the admissions with the drug and a result of the lab above the threshold in the stated unit
WITH coh AS (
  SELECT DISTINCT p.hadm_id FROM mimiciv_hosp.prescriptions p
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
  WHERE p.drug = {{drug}} AND l.itemid = {{itemid}} AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}}
)
SELECT ROUND(CAST(AVG(pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) AS NUMERIC), 1) AS mean_age
FROM coh
JOIN mimiciv_hosp.admissions a ON a.hadm_id = coh.hadm_id
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
WHERE (SELECT COUNT(*) FROM coh) = {{n_adm}}
