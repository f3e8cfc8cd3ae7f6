-- Query noise: a (diagnosis group, insurance) stratum with no ICU admission in it, though the group and the insurance
-- each fill a Clean-sized ICU stratum elsewhere (≥ 20 admissions), so both occur in Clean questions of the family.
-- Two ways in, one side changed each: the same group under another insurance, or another group of the family's list
-- under the same insurance (aortic stenosis, whose valve surgery is for patients of Medicare age, has no ICU
-- admission under Medicaid). A group counts as present under an insurance also when a code outside its patterns has
-- a title naming it, so no reader who searches by title finds a cohort. Swapping the insurance to any other of the
-- EHR gave 1 to 3 of 34 Noise tasks, all naming No charge or Other, insurances no Clean question of the family names.
--   dx_groups    the family's diagnosis groups (as in its binding)
--   strata       ICU admissions per (group, insurance), by the group's ICD patterns
--   clean_sized  the strata as large as the family's Clean ones
--   by_title     (group, insurance) pairs with an ICU admission coded with a code whose title names the group
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic stenosis')
), icu_adm AS (
  SELECT a.hadm_id, a.insurance
  FROM mimiciv_hosp.admissions a
  WHERE a.insurance IS NOT NULL
    AND (SELECT COUNT(*) FROM mimiciv_icu.icustays s0
         WHERE s0.hadm_id = a.hadm_id
           AND s0.intime = (SELECT MIN(s1.intime) FROM mimiciv_icu.icustays s1 WHERE s1.hadm_id = a.hadm_id)) = 1
), strata AS (
  SELECT g.dx_group, ia.insurance, COUNT(DISTINCT ia.hadm_id) AS n
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  JOIN icu_adm ia ON ia.hadm_id = d.hadm_id
  GROUP BY g.dx_group, ia.insurance
), clean_sized AS (
  SELECT s.dx_group, s.insurance FROM strata s WHERE s.n >= 20
), by_title AS (
  SELECT DISTINCT g.dx_group, ia.insurance
  FROM dx_groups g
  JOIN mimiciv_hosp.d_icd_diagnoses t ON LOWER(t.long_title) LIKE '%' || LOWER(g.dx_group) || '%'
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_code = t.icd_code AND d.icd_version = t.icd_version
  JOIN icu_adm ia ON ia.hadm_id = d.hadm_id
)
-- include: fragments/empty_group_insurance_stratum.sql
