-- Value noise (content): another insurance under which some patients' first admission with the group ended alive,
-- but not as many as the stated cohort size (the stated count belongs to another stratum): insurance and count
-- are Clean values of the family, and only the record shows the cohort is not that size
--   group_adm  admissions coded with the group
--   index_adm  each patient's first of them
--   strata     surviving index admissions per insurance
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE {{dx_group}} IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY a.subject_id, a.admittime) AS n_at_admittime
  FROM mimiciv_hosp.admissions a JOIN group_adm g ON g.hadm_id = a.hadm_id
), strata AS (
  SELECT i.insurance, COUNT(*) AS n
  FROM index_adm i
  WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.hospital_expire_flag = 0 AND i.insurance IS NOT NULL
  GROUP BY i.insurance
)
SELECT s.insurance
FROM strata s
WHERE s.insurance <> {{insurance}} AND s.n <> {{n_index}}
