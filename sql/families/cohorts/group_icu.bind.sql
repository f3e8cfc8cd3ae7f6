-- (patient, diagnosis group) where some admission coded with the group had an ICU stay, one stay at the earliest intime
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), stays AS (
  SELECT DISTINCT g.dx_group, s.subject_id, s.stay_id, s.intime
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND d.icd_code LIKE gc.prefix || '%')
  JOIN mimiciv_icu.icustays s ON s.hadm_id = d.hadm_id
), ranked AS (
  SELECT x.*, RANK() OVER (PARTITION BY x.dx_group, x.subject_id ORDER BY x.intime) AS rk FROM stays x
)
SELECT r.subject_id, r.dx_group
FROM ranked r
WHERE r.rk = 1
GROUP BY r.subject_id, r.dx_group
HAVING COUNT(*) = 1
