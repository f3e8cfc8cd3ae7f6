-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated insurance;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated insurance
--              (only admissions with one ICU stay at their first ICU intime: an admission with
--              two stays there has no first stay and is left out of the cohort, its count
--              and its mean, here and in the binding, conditions and Noise candidates)
--   map_items  the mean arterial pressure items (arterial line, non-invasive)
--   first_stay the admission's first ICU stay (RANK by intime: one per cohort admission)
--   nadir      the lowest MAP (invasive or non-invasive) charted in its first 24 hours
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=insurance
    AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0
         WHERE s0.hadm_id = a.hadm_id
           AND s0.intime = (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1
), map_items AS (
  SELECT di.itemid FROM mimiciv_icu.d_items di
  WHERE di.label IN ('Arterial Blood Pressure mean', 'Non Invasive Blood Pressure mean')
), first_stay AS (
  SELECT s.hadm_id, s.stay_id, s.intime,
         RANK() OVER (PARTITION BY s.hadm_id ORDER BY s.intime) AS rn
  FROM mimiciv_icu.icustays s
  JOIN cohort c ON c.hadm_id = s.hadm_id
), nadir AS (
  SELECT f.hadm_id, MIN(ce.valuenum) AS lowest_map
  FROM first_stay f
  JOIN mimiciv_icu.chartevents ce ON ce.stay_id = f.stay_id
  JOIN map_items it ON it.itemid = ce.itemid
  WHERE f.rn = 1 AND ce.valuenum IS NOT NULL
    AND ce.charttime >= f.intime AND ce.charttime <= f.intime + INTERVAL '24 hours'
  GROUP BY f.hadm_id
)
-- nadir holds one row per cohort admission with a chart (first_stay reads the cohort), so it is averaged alone:
-- joined back to the cohort, PostgreSQL estimated the cohort at one row and reran nadir per cohort admission
SELECT ROUND(CAST(AVG(nd.lowest_map) AS NUMERIC), 2) AS mean_lowest_map
FROM nadir nd
HAVING COUNT(*) > 0
