-- (patient, diagnosis group) where some admission coded with the group had an ICU stay, one stay at the earliest
-- intime, sampled by the first-day SOFA of that stay: the stays scoring 1-4 are thinned (kept at 40, 60, 85 and 80 %,
-- seeded by the stay), because the score is low in most stays and 1 was 20.5 % of the family's golds (a gold that
-- common does not discriminate). The score is the reference's definition, computed here for every ICU stay at once.
--   dx_groups   the family's diagnosis groups
--   stays       ICU stays of admissions coded with each group
--   ranked      the patient's stays per group, by intime
--   first_stay  (patient, group) with a single earliest stay, later than the patient's first ICU stay
--   stay        every ICU stay, scored below as in the reference (lab … scored: see the reference's header)
--   sofa        each stay's first-day SOFA
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
), first_stay AS (
  SELECT r.subject_id, r.dx_group, MIN(r.stay_id) AS stay_id
  FROM ranked r
  WHERE r.rk = 1
    AND r.intime > (SELECT MIN(s0.intime) FROM mimiciv_icu.icustays s0 WHERE s0.subject_id = r.subject_id)
  GROUP BY r.subject_id, r.dx_group
  HAVING COUNT(*) = 1
), stay AS (
  SELECT s.stay_id, s.hadm_id, s.intime FROM mimiciv_icu.icustays s
-- include: fragments/first_day_sofa_components.sql
), sofa AS (
  SELECT s.stay_id, COALESCE(s.respiration, 0) + COALESCE(s.coagulation, 0) + COALESCE(s.liver, 0)
       + COALESCE(s.cardiovascular, 0) + COALESCE(s.cns, 0) + COALESCE(s.renal, 0) AS sofa
  FROM scored s
)
SELECT f.subject_id, f.dx_group
FROM first_stay f
JOIN sofa so ON so.stay_id = f.stay_id
WHERE (CAST(f.stay_id AS BIGINT) * 7919) % 100 < CASE so.sofa WHEN 1 THEN 40 WHEN 2 THEN 60 WHEN 3 THEN 85
                                                           WHEN 4 THEN 80 ELSE 100 END
