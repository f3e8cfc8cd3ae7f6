-- Record noise: another 5-year age band (one Clean questions of the family use: match_clean) with ICU stays starting
-- in this unit, none of which charted this vital (an intracranial or central venous pressure nobody of that age in
-- the unit had monitored); the unit, the vital and the band all exist, only the band differs from the Clean twin
SELECT band.age_lo, band.age_lo + 4 AS age_hi
FROM (VALUES (20), (25), (30), (35), (40), (45), (50), (55), (60), (65), (70), (75), (80), (85)) AS band(age_lo)
WHERE band.age_lo <> {{age_lo}}
  AND EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays s
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
        WHERE s.first_careunit = {{careunit}}
          AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN band.age_lo AND band.age_lo + 4)
  AND NOT EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays s
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
        JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
        WHERE s.first_careunit = {{careunit}}
          AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN band.age_lo AND band.age_lo + 4
          AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL)
