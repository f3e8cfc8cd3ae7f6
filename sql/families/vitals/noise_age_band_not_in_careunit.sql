-- Query noise: a 5-year age band that has ICU patients, but none whose stay started in this unit
SELECT band.age_lo, band.age_lo + 4 AS age_hi
FROM (VALUES (20), (25), (30), (35), (40), (45), (50), (55), (60), (65), (70), (75), (80), (85)) AS band(age_lo)
WHERE EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays s
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
        WHERE pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN band.age_lo AND band.age_lo + 4)
  AND NOT EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays s
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
        WHERE s.first_careunit = {{careunit}}
          AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN band.age_lo AND band.age_lo + 4)
