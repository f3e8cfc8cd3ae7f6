-- Record noise: a vital sign charted in the EHR but in no stay of this cohort
SELECT d.itemid, d.label AS vital_label
FROM mimiciv_icu.d_items d
WHERE d.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 223761, 220050, 220051, 220052, 220074, 220765)
  AND EXISTS (SELECT 1 FROM mimiciv_icu.chartevents e WHERE e.itemid = d.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays s
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
        JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
        WHERE s.first_careunit = {{careunit}}
          AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}
          AND c.itemid = d.itemid)
