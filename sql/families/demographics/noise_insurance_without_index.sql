-- Query noise: an insurance that Clean questions of this family use, under which no patient's first admission
-- with the group ended alive (the presupposed cohort is empty)
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
)
SELECT ins.insurance
FROM (SELECT DISTINCT a0.insurance FROM mimiciv_hosp.admissions a0 WHERE a0.insurance IS NOT NULL) ins
WHERE ins.insurance <> {{insurance}}
  AND NOT EXISTS (SELECT 1 FROM index_adm i
                  WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.insurance = ins.insurance
                    AND i.hospital_expire_flag = 0)
