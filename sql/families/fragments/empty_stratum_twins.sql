-- The Noise candidates of a population-by-group family that names its cohort by (diagnosis group, stratum value)
-- only: a cohort no admission of the family's kind falls in, though its group and its stratum value each belong to
-- the family's Clean cohorts. After CTEs dx_group_codes and dx_groups (as in the binding); ends the query with one
-- row (or none).
-- Holes: stratum (the admissions column and its slot), dx and where (as in the binding: more conditions on the
-- diagnosis row d and on the admission a; may be empty), min (the binding's smallest stratum), swap (which
-- criterion changes: fragments/empty_stratum_pick.sql, which picks among the empty pairs).
--   sizes        admissions per (group, value) as the binding counts them (fragments/group_strata.sql), codes first
--   broad_codes  every group's codes under its broad clinical definition (fragments/dx_group_codes_broad.sql)
--   code_group   each code in use with the groups it belongs to (broad definition, or its title names the group)
--   present      (group, value) pairs with an admission of the family's kind under the broad definition, or coded with
--                a code whose title names the group: no reading of the group finds a cohort in an empty stratum
--   clean_sized  the family's Clean strata (≥ min admissions, as the binding counts them)
), coded AS (
  SELECT DISTINCT d.icd_code, d.icd_version FROM mimiciv_hosp.diagnoses_icd d
), sizes AS (
  SELECT g.dx_group, a.${stratum}, COUNT(DISTINCT a.hadm_id) AS n
  FROM coded u
  JOIN dx_group_codes gc ON gc.icd_version = u.icd_version AND gc.icd_code = u.icd_code
  JOIN dx_groups g ON g.dx_group = gc.dx_group
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_code = u.icd_code AND d.icd_version = u.icd_version${dx}
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.${stratum} IS NOT NULL${where}
  GROUP BY g.dx_group, a.${stratum}
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
  SELECT DISTINCT cg.dx_group, a.${stratum}
  FROM code_group cg
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_code = cg.icd_code AND d.icd_version = cg.icd_version${dx}
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.${stratum} IS NOT NULL${where}
), clean_sized AS (
  SELECT z.dx_group, z.${stratum} FROM sizes z WHERE z.n >= ${min}
-- include: fragments/empty_stratum_pick.sql stratum=${stratum} swap=${swap}
