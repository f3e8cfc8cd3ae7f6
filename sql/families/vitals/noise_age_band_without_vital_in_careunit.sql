-- Record noise: another 5-year age band (one Clean questions of the family use: match_clean) with ICU stays starting
-- in this unit, none of which charted this vital (an intracranial or central venous pressure nobody of that age in
-- the unit had monitored); the unit, the vital and the band all exist, only the band differs from the Clean twin.
-- The twin states that cohort's true number of stays (the count is not what it breaks), and the cohort is as large
-- as the Clean ones (≥ 20 stays, or 0.5 % of all admissions in a small EHR), so its count is a Clean-sized one
--   band_stays  ICU stays starting in this unit per 5-year age band at admission
WITH band_stays AS (
  SELECT band.age_lo, COUNT(DISTINCT s.stay_id) AS n_stays
  FROM (VALUES (20), (25), (30), (35), (40), (45), (50), (55), (60), (65), (70), (75), (80), (85)) AS band(age_lo)
  JOIN mimiciv_icu.icustays s ON s.first_careunit = {{careunit}}
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
  WHERE pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN band.age_lo AND band.age_lo + 4
  GROUP BY band.age_lo
)
SELECT bs.age_lo, bs.age_lo + 4 AS age_hi, bs.n_stays
FROM band_stays bs
WHERE bs.age_lo <> {{age_lo}}
  AND bs.n_stays >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
  AND NOT EXISTS (
        SELECT 1 FROM mimiciv_icu.icustays s
        JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
        JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
        JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
        WHERE s.first_careunit = {{careunit}}
          AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN bs.age_lo AND bs.age_lo + 4
          AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL)
