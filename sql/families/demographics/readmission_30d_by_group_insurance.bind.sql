-- (diagnosis group, insurance) strata with ≥ 20 surviving index admissions; n_index = that count. Aortic valve
-- disease (valve surgery, from 65) is a group of Medicare patients: the insurances no index admission of it had are
-- the Query twins' empty strata
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic valve disease', '4241%', 'I35%')
), group_adm AS (
  SELECT DISTINCT g.dx_group, g.icd9_pattern, g.icd10_pattern, d.hadm_id
  FROM dx_groups g JOIN mimiciv_hosp.diagnoses_icd d
    ON (d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
        AND d.icd_code LIKE g.icd10_pattern)
), index_adm AS (
  SELECT ga.dx_group, ga.icd9_pattern, ga.icd10_pattern, a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY ga.dx_group, a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY ga.dx_group, a.subject_id, a.admittime) AS n_at_admittime
  FROM group_adm ga JOIN mimiciv_hosp.admissions a ON a.hadm_id = ga.hadm_id
)
SELECT i.dx_group, i.icd9_pattern, i.icd10_pattern, i.insurance, COUNT(*) AS n_index
FROM index_adm i
WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.hospital_expire_flag = 0 AND i.insurance IS NOT NULL
GROUP BY i.dx_group, i.icd9_pattern, i.icd10_pattern, i.insurance
HAVING COUNT(*) >= 20
