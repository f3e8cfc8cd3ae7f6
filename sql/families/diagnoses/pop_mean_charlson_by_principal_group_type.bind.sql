-- (diagnosis group, admission_type) strata with ≥ 4 admissions whose principal (first-coded) diagnosis is
-- the group; the count (not shown: the question
-- names the cohort by its criteria only). ≥ 4 (at 3, a mean of three integer scores, 4.0, was 16 % of the
-- family's golds), not 20: the Noise twins name empty strata, which exist only for
-- rare groups and rare values, and small Clean strata put those groups and values in Clean questions too (with
-- ≥ 20 the question-only classifier told the Noise apart at AUROC 0.86-1.00). Besides the 17 common groups (which
-- fill nearly every stratum), eleven smaller ones (docs/dx_groups.md) whose empty strata the twins name
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
-- Kept: strata whose mean differs (by more than the 0.1 tolerance) from what the drop-one readings of the twins
-- find, so each criterion selects: the type's mean over all its admissions with a principal diagnosis (the group
-- dropped), the group's mean over all its principal admissions (the type dropped), and the mean over every such
-- admission (both). Without it, 4 of 15 group swaps and 1 of 9 type swaps were correctable (urgent septicemia 3.23
-- against urgent liver cirrhosis's drop-one 3.23)
--   pa, pdiag, pcom, pag, pch  every admission with a principal diagnosis and its index (as the reference scores it)
--   pg      the admissions whose principal diagnosis is in a group
--   sm, gm, tm  the mean of each stratum, group, type; kept: the strata whose mean differs from all three
), pa AS (
  SELECT a.hadm_id, a.subject_id, a.admittime, a.admission_type
  FROM mimiciv_hosp.admissions a
  WHERE a.hadm_id IN (SELECT d.hadm_id FROM mimiciv_hosp.diagnoses_icd d WHERE d.seq_num = 1)
), pdiag AS (
  SELECT d.hadm_id,
         CASE WHEN d.icd_version = 9 THEN d.icd_code END AS icd9_code,
         CASE WHEN d.icd_version = 10 THEN d.icd_code END AS icd10_code
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN pa ON pa.hadm_id = d.hadm_id
), pcom AS (
  -- include: fragments/charlson_flags.sql
  FROM pa AS ad
  LEFT JOIN pdiag AS diag
    ON ad.hadm_id = diag.hadm_id
  GROUP BY
    ad.hadm_id
), pag AS (
  SELECT c.hadm_id,
         CASE WHEN age < 50 THEN 0 WHEN age < 60 THEN 1 WHEN age < 70 THEN 2 WHEN age < 80 THEN 3
              ELSE 4 END AS age_score
  FROM (SELECT c0.hadm_id, p.anchor_age + EXTRACT(YEAR FROM c0.admittime) - p.anchor_year AS age
        FROM pa c0 JOIN mimiciv_hosp.patients p ON p.subject_id = c0.subject_id) c
), pch AS (
  SELECT com.hadm_id, pa.admission_type,
-- include: fragments/charlson_index_sum.sql
  FROM pcom com JOIN pag ag ON ag.hadm_id = com.hadm_id
  JOIN pa ON pa.hadm_id = com.hadm_id
), pg AS (
  SELECT DISTINCT gc.dx_group, d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  JOIN dx_group_codes gc ON gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code
  JOIN dx_groups g ON g.dx_group = gc.dx_group
  WHERE d.seq_num = 1
), sm AS (
  SELECT pg.dx_group, ch.admission_type, ROUND(CAST(AVG(ch.charlson_comorbidity_index) AS NUMERIC), 2) AS m
  FROM pg JOIN pch ch ON ch.hadm_id = pg.hadm_id GROUP BY pg.dx_group, ch.admission_type
), gm AS (
  SELECT pg.dx_group, ROUND(CAST(AVG(ch.charlson_comorbidity_index) AS NUMERIC), 2) AS m
  FROM pg JOIN pch ch ON ch.hadm_id = pg.hadm_id GROUP BY pg.dx_group
), tm AS (
  SELECT ch.admission_type, ROUND(CAST(AVG(ch.charlson_comorbidity_index) AS NUMERIC), 2) AS m
  FROM pch ch GROUP BY ch.admission_type
), kept AS (
  SELECT sm.dx_group || '|' || sm.admission_type AS k
  FROM sm
  JOIN gm ON gm.dx_group = sm.dx_group
  JOIN tm ON tm.admission_type = sm.admission_type
  WHERE ABS(sm.m - gm.m) > 0.105 AND ABS(sm.m - tm.m) > 0.105
    AND ABS(sm.m - (SELECT ROUND(CAST(AVG(c0.charlson_comorbidity_index) AS NUMERIC), 2) FROM pch c0)) > 0.105
-- include: fragments/group_strata.sql stratum=admission_type dx=" AND d.seq_num = 1" where= min=4 \
--   keep=" AND c.dx_group || '|' || c.admission_type IN (SELECT kp.k FROM kept kp)"
