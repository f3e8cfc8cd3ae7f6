-- (patient, diagnosis group) where some admission coded with the group had an ICU stay, one stay at the earliest intime
-- The group's first ICU stay is not the patient's first ICU stay, so the group selects it: without the group, "the
-- patient's first ICU stay" is another stay, and a twin naming a group the patient lacks (or had only outside the
-- ICU) is no restatement of the patient's only stay (the drop-one reading; 96% of such twins were correctable).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), stays AS (
  SELECT DISTINCT g.dx_group, s.subject_id, s.stay_id, s.intime
  FROM dx_groups g
  JOIN dx_group_codes gc ON gc.dx_group = g.dx_group
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_version = gc.icd_version AND d.icd_code = gc.icd_code
  JOIN mimiciv_icu.icustays s ON s.hadm_id = d.hadm_id
), ranked AS (
  SELECT x.*, RANK() OVER (PARTITION BY x.dx_group, x.subject_id ORDER BY x.intime) AS rk FROM stays x
)
SELECT r.subject_id, r.dx_group
FROM ranked r
WHERE r.rk = 1
  AND r.intime > (SELECT MIN(s0.intime) FROM mimiciv_icu.icustays s0 WHERE s0.subject_id = r.subject_id)
GROUP BY r.subject_id, r.dx_group
HAVING COUNT(*) = 1
