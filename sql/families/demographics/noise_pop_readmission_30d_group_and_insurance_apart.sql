-- Query noise: another diagnosis group and another insurance, each in the family's Clean cohorts, that no admission
-- ending alive combined: both criteria change, each exists, the index cohort is empty.
-- Candidates weighted by the Clean frequency of the group and the insurance (fragments/empty_stratum_pick.sql).
--   group_adm/index_adm  each patient's first admission with each group, as the binding counts them
--   clean_sized  the family's Clean strata (≥ 3 surviving index admissions)
--   present      (group, insurance) pairs with an admission that ended alive under the broad definition of the group
--                or coded with a code whose title names it (wider than the index cohort: no reading finds a cohort)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
), coded AS (
  SELECT DISTINCT d.icd_code, d.icd_version FROM mimiciv_hosp.diagnoses_icd d
), group_adm AS (
  SELECT DISTINCT g.dx_group, d.hadm_id
  FROM coded u
  JOIN dx_group_codes gc ON gc.icd_version = u.icd_version AND gc.icd_code = u.icd_code
  JOIN dx_groups g ON g.dx_group = gc.dx_group
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_code = u.icd_code AND d.icd_version = u.icd_version
), index_adm AS (
  SELECT ga.dx_group, a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY ga.dx_group, a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY ga.dx_group, a.subject_id, a.admittime) AS n_at_admittime
  FROM group_adm ga JOIN mimiciv_hosp.admissions a ON a.hadm_id = ga.hadm_id
), clean_sized AS (
  SELECT i.dx_group, i.insurance
  FROM index_adm i
  WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.hospital_expire_flag = 0 AND i.insurance IS NOT NULL
  GROUP BY i.dx_group, i.insurance
  HAVING COUNT(*) >= 3
), broad_codes AS (
  -- include: fragments/dx_group_codes_broad.sql
), code_group AS (
  SELECT u.icd_code, u.icd_version, bc.dx_group
  FROM coded u
  JOIN broad_codes bc ON bc.icd_version = u.icd_version AND bc.icd_code = u.icd_code
  UNION
  SELECT u.icd_code, u.icd_version, g.dx_group
  FROM coded u
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = u.icd_code AND t.icd_version = u.icd_version
  JOIN dx_groups g ON LOWER(t.long_title) LIKE '%' || LOWER(g.dx_group) || '%'
), present AS (
  SELECT DISTINCT cg.dx_group, a.insurance
  FROM code_group cg
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_code = cg.icd_code AND d.icd_version = cg.icd_version
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.insurance IS NOT NULL AND a.hospital_expire_flag = 0
-- include: fragments/empty_stratum_pick.sql stratum=insurance swap=both swappable=FALSE
