-- some patient's first admission with the group was under the insurance and ended alive
WITH group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE (d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}})
     OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})
), index_adm AS (
  SELECT a.hadm_id, a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY a.subject_id, a.admittime) AS n_at_admittime
  FROM mimiciv_hosp.admissions a JOIN group_adm g ON g.hadm_id = a.hadm_id
)
SELECT EXISTS (SELECT 1 FROM index_adm i
               WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.insurance = {{insurance}}
                 AND i.hospital_expire_flag = 0) AS holds
