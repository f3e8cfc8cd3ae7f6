-- mean age at admission over the admissions with the drug in which the lab exceeded the threshold
SELECT ROUND(CAST(AVG(pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) AS NUMERIC), 1) AS mean_age
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
WHERE a.hadm_id IN (SELECT p.hadm_id FROM mimiciv_hosp.prescriptions p WHERE p.drug = {{drug}})
  AND a.hadm_id IN (SELECT l.hadm_id FROM mimiciv_hosp.labevents l
                    WHERE l.itemid = {{itemid}} AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}})
