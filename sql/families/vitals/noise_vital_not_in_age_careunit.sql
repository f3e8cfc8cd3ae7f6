-- Record noise: an invasive pressure charted in the EHR but in no stay of this cohort, in place of the invasive
-- pressure the Clean question asks about (arterial or central venous: a catheter the cohort had, swapped for one it
-- never had, mostly the intracranial one). Only from an invasive pressure: with every vital as the Clean side, 52 of
-- the family's 146 Noise tasks asked for intracranial pressure against 3 Clean questions, which a question-only
-- classifier read as Noise (per-family AUROC 0.68)
SELECT d.itemid, d.label AS vital_label
FROM mimiciv_icu.d_items d
WHERE d.itemid IN (220050, 220051, 220052, 220074, 220765)
  AND {{itemid}} IN (220050, 220051, 220052, 220074)
  AND EXISTS (SELECT 1 FROM mimiciv_icu.chartevents e WHERE e.itemid = d.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays s
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
        JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
        WHERE s.first_careunit = {{careunit}}
          AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}
          AND c.itemid = d.itemid)
