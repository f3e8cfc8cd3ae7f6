-- Value noise: the number of ICU stays another 5-year age band has in this unit (a cohort as large as the Clean ones;
-- match_clean keeps it to counts Clean questions state), stated for this band: the count contradicts the record
-- while staying a Clean one (a shifted count of a cohort near the 20-stay floor fell below it, which no Clean
-- question states: a wording tell)
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
SELECT bs.n_stays
FROM band_stays bs
WHERE bs.age_lo <> {{age_lo}} AND bs.n_stays <> {{n_stays}}
  AND bs.n_stays >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
