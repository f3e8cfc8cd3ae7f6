-- (diagnosis group, insurance) strata with ≥ 3 surviving index admissions; their count is not a slot (the
-- question names the cohort by its criteria). Small strata are Clean cohorts too, so the rare insurances the Noise's
-- empty strata name occur in Clean questions as well. Aortic valve disease (valve surgery, from 65) is a group of
-- Medicare patients: the insurances no index admission of it had are empty strata
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups_population.sql
), group_adm AS (
  SELECT DISTINCT g.dx_group, d.hadm_id
  FROM dx_groups g
  JOIN dx_group_codes gc ON gc.dx_group = g.dx_group
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_version = gc.icd_version AND d.icd_code = gc.icd_code
), index_adm AS (
  SELECT ga.dx_group, a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY ga.dx_group, a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY ga.dx_group, a.subject_id, a.admittime) AS n_at_admittime
  FROM group_adm ga JOIN mimiciv_hosp.admissions a ON a.hadm_id = ga.hadm_id
)
SELECT i.dx_group, i.insurance
FROM index_adm i
WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.hospital_expire_flag = 0 AND i.insurance IS NOT NULL
GROUP BY i.dx_group, i.insurance
HAVING COUNT(*) >= 3
