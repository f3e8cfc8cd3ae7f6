-- some patient's first admission with the group was under the insurance and ended alive
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT a.hadm_id, a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY a.subject_id, a.admittime) AS n_at_admittime
  FROM mimiciv_hosp.admissions a JOIN group_adm g ON g.hadm_id = a.hadm_id
)
SELECT EXISTS (SELECT 1 FROM index_adm i
               WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.insurance = {{insurance}}
                 AND i.hospital_expire_flag = 0) AS holds
