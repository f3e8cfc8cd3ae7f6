-- (patient, diagnosis group) where some admission coded with the group had an ICU stay, one stay at the earliest intime
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
), stays AS (
  SELECT DISTINCT g.dx_group, g.icd9_pattern, g.icd10_pattern, s.subject_id, s.stay_id, s.intime
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON (d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
        AND d.icd_code LIKE g.icd10_pattern)
  JOIN mimiciv_icu.icustays s ON s.hadm_id = d.hadm_id
), ranked AS (
  SELECT x.*, RANK() OVER (PARTITION BY x.dx_group, x.subject_id ORDER BY x.intime) AS rk FROM stays x
)
SELECT r.subject_id, r.dx_group, r.icd9_pattern, r.icd10_pattern
FROM ranked r
WHERE r.rk = 1
GROUP BY r.subject_id, r.dx_group, r.icd9_pattern, r.icd10_pattern
HAVING COUNT(*) = 1
