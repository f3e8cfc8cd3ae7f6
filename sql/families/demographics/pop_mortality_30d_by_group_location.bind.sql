-- (diagnosis group, admission_location) strata with ≥ 3 admissions coded with the group; the count (not
-- shown: the question
-- names the cohort by its criteria only). ≥ 3, not 20: the Noise twins name empty strata, which exist only for
-- rare groups and rare values, and small Clean strata put those groups and values in Clean questions too (with
-- ≥ 20 the question-only classifier told the Noise apart at AUROC 0.86-1.00). Besides the 17 common groups (which
-- fill nearly every stratum), eleven smaller ones (docs/dx_groups.md) whose empty strata the twins name
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- Kept: strata whose rate differs (by more than the 0.1 tolerance) from what the drop-one readings of the twins
-- find, so each criterion selects: the location's rate over all its admissions with a diagnosis (the group dropped),
-- the group's rate over all its admissions (the location dropped), and the rate over every admission with a
-- diagnosis (both). Without it, 6 of 20 group swaps were correctable: a 0.0 % stratum of a location with no death
-- in 30 days (PACU, information not available) is that location's rate too
--   died    each admission with a diagnosis: its location and its 30-day death (as the reference counts it)
--   gm, lm  the rate of each group, of each location; allm the overall rate
--   kept    the strata whose rate differs from all three
), died AS (
  SELECT a.hadm_id, a.admission_location,
         CASE WHEN a.deathtime IS NOT NULL AND a.deathtime <= a.admittime + INTERVAL '30 days' THEN 1
              WHEN p.dod IS NOT NULL AND p.dod <= CAST(a.admittime + INTERVAL '30 days' AS DATE) THEN 1
              ELSE 0 END AS d30
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.patients p ON p.subject_id = a.subject_id
  WHERE a.admission_location IS NOT NULL
    AND a.hadm_id IN (SELECT d.hadm_id FROM mimiciv_hosp.diagnoses_icd d)
), ga AS (
  SELECT DISTINCT gc.dx_group, d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN dx_group_codes gc ON gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code
  JOIN dx_groups g ON g.dx_group = gc.dx_group
), sm AS (
  SELECT ga.dx_group, dd.admission_location, ROUND(CAST(100.0 * AVG(dd.d30) AS NUMERIC), 1) AS r
  FROM ga JOIN died dd ON dd.hadm_id = ga.hadm_id GROUP BY ga.dx_group, dd.admission_location
), gm AS (
  SELECT ga.dx_group, ROUND(CAST(100.0 * AVG(dd.d30) AS NUMERIC), 1) AS r
  FROM ga JOIN died dd ON dd.hadm_id = ga.hadm_id GROUP BY ga.dx_group
), lm AS (
  SELECT dd.admission_location, ROUND(CAST(100.0 * AVG(dd.d30) AS NUMERIC), 1) AS r
  FROM died dd GROUP BY dd.admission_location
), kept AS (
  SELECT sm.dx_group || '|' || sm.admission_location AS k
  FROM sm
  JOIN gm ON gm.dx_group = sm.dx_group
  JOIN lm ON lm.admission_location = sm.admission_location
  -- and a stratum with a death in 30 days: a rate of 0 was half of the golds (small strata), an answer to guess
  WHERE sm.r > 0 AND ABS(sm.r - gm.r) > 0.15 AND ABS(sm.r - lm.r) > 0.15
    AND ABS(sm.r - (SELECT ROUND(CAST(100.0 * AVG(d0.d30) AS NUMERIC), 1) FROM died d0)) > 0.15
-- include: fragments/group_strata.sql stratum=admission_location dx= where= min=3 \
--   keep=" AND c.dx_group || '|' || c.admission_location IN (SELECT kp.k FROM kept kp)"
