-- Query noise: a (care unit, 5-year age band) pair in which no ICU stay began, though the unit and the band each
-- hold a Clean-sized cohort elsewhere (≥ 20 stays, or 0.5 % of all admissions in a small EHR), so both occur in Clean
-- questions of the family. Two ways in, one slot changed each: the same unit with another band, or the same band
-- with another unit (the generator sends valve surgery to the CVICU only from 65, so a MICU cohort aged 45-49
-- becomes the empty CVICU one). Swapping the band alone reached only the CVICU contracts: 3 of 146 Noise tasks.
-- A reader who takes "CVICU stays" as stays that passed through the unit finds a few transferred ones; the question
-- states the Clean cohort's stay count, and the pair is kept only when those stays number otherwise, so that
-- reading finds the stated cohort missing too.
--   stay_band    each ICU stay with its patient's 5-year age band at admission
--   clean_sized  (first care unit, band) cohorts as large as the family's Clean ones
--   touched      stays per (unit, band) that began, ended or passed through the unit (transfers)
WITH stay_band AS (
  SELECT s.stay_id, s.hadm_id, s.first_careunit, s.last_careunit, s.intime, s.outtime,
         CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 5.0) * 5 AS INTEGER) AS age_lo
  FROM mimiciv_icu.icustays s
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
), clean_sized AS (
  SELECT sb.first_careunit AS careunit, sb.age_lo
  FROM stay_band sb
  WHERE sb.first_careunit IS NOT NULL AND sb.age_lo BETWEEN 20 AND 85
  GROUP BY sb.first_careunit, sb.age_lo
  HAVING COUNT(DISTINCT sb.stay_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), touched AS (
  SELECT u.careunit, u.age_lo, COUNT(DISTINCT u.stay_id) AS n_stays
  FROM (SELECT sb.first_careunit AS careunit, sb.age_lo, sb.stay_id FROM stay_band sb
        UNION ALL
        SELECT sb.last_careunit, sb.age_lo, sb.stay_id FROM stay_band sb
        UNION ALL
        SELECT t.careunit, sb.age_lo, sb.stay_id
        FROM stay_band sb
        JOIN mimiciv_hosp.transfers t ON t.hadm_id = sb.hadm_id
        WHERE t.intime < sb.outtime AND t.outtime > sb.intime) u
  WHERE u.careunit IS NOT NULL
  GROUP BY u.careunit, u.age_lo
)
SELECT c.careunit, c.age_lo, c.age_lo + 4 AS age_hi
FROM (SELECT {{careunit}} AS careunit, band.age_lo
      FROM (SELECT DISTINCT cs.age_lo FROM clean_sized cs) band
      WHERE band.age_lo <> {{age_lo}}
      UNION ALL
      SELECT u.careunit, {{age_lo}} AS age_lo
      FROM (SELECT DISTINCT cs.careunit FROM clean_sized cs) u
      WHERE u.careunit <> {{careunit}}) c
WHERE NOT EXISTS (SELECT 1 FROM stay_band sb WHERE sb.first_careunit = c.careunit AND sb.age_lo = c.age_lo)
  AND COALESCE((SELECT t.n_stays FROM touched t WHERE t.careunit = c.careunit
      AND t.age_lo = c.age_lo), 0) <> {{n_stays}}
