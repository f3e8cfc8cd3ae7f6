-- 30-day readmission after the index admission of a diagnosis group, in one insurance stratum.
--   group_adm  admissions coded with any ICD-9 or ICD-10 code of the group (the group spans both versions)
--   index_adm  each patient's first such admission (RANK over the patient's group admissions by admittime); a
--              patient whose first two group admissions share an admittime has no index admission and is left out
--              of the cohort (and of every count of it: binding, conditions, Noise candidates), not given an
--              arbitrary pick
--   cohort     index admissions under the stated insurance that ended alive (a death cannot be readmitted)
--   readmit    whether the same patient was admitted again within 30 days after the index discharge
-- An empty cohort returns no row.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT d.hadm_id
  FROM mimiciv_hosp.diagnoses_icd d
  WHERE EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT a.subject_id, a.hadm_id, a.dischtime, a.insurance, a.hospital_expire_flag,
         RANK() OVER (PARTITION BY a.subject_id ORDER BY a.admittime) AS rn,
         COUNT(*) OVER (PARTITION BY a.subject_id, a.admittime) AS n_at_admittime
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
), cohort AS (
  SELECT i.subject_id, i.hadm_id, i.dischtime
  FROM index_adm i
  WHERE i.rn = 1 AND i.n_at_admittime = 1 AND i.insurance = {{insurance}} AND i.hospital_expire_flag = 0
), readmit AS (
  SELECT c.hadm_id,
         CASE WHEN EXISTS (SELECT 1 FROM mimiciv_hosp.admissions n
                           WHERE n.subject_id = c.subject_id AND n.admittime > c.dischtime
                             AND n.admittime <= c.dischtime + INTERVAL '30 days') THEN 1 ELSE 0 END AS readmitted
  FROM cohort c
)
SELECT ROUND(CAST(100.0 * SUM(r.readmitted) / COUNT(*) AS NUMERIC), 1) AS pct_readmitted
FROM readmit r
HAVING COUNT(*) > 0
