-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_type;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated admission_type
--              (only admissions with an ICU stay)
--   pressor    cohort admissions with a norepinephrine row in inputevents in one of their ICU stays
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_type
    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
), pressor AS (
  SELECT DISTINCT s.hadm_id
  FROM mimiciv_icu.icustays s
  JOIN cohort c ON c.hadm_id = s.hadm_id
  JOIN mimiciv_icu.inputevents i ON i.stay_id = s.stay_id
  JOIN mimiciv_icu.d_items di ON di.itemid = i.itemid
  WHERE di.label = 'Norepinephrine'
)
SELECT ROUND(CAST(100.0 * COUNT(DISTINCT pr.hadm_id) / COUNT(DISTINCT c.hadm_id) AS NUMERIC), 1) AS pct_norepinephrine
FROM cohort c
LEFT JOIN pressor pr ON pr.hadm_id = c.hadm_id
HAVING COUNT(DISTINCT c.hadm_id) > 0
